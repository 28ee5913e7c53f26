"""snippets/optim/exercise_warmup_cosine.py (an exercise's solution), run in-process."""

import pytest


def test_sequential_lr_follows_warmup_then_cosine(run_snippet):
    s = run_snippet("optim/exercise_warmup_cosine")
    assert s.straight[:4] == pytest.approx([0.01, 0.04, 0.07, 0.1])  # warm-up ends at base_lr
    assert s.straight == pytest.approx([s.formula(e) for e in range(10)])
    assert "lr per epoch: 0.0100 0.0400 0.0700 0.1000 0.0950 0.0812 0.0611 0.0389 0.0188 0.0050" in s.stdout
    assert "matches the formula: True" in s.stdout


def test_resuming_needs_the_optimizer_state_too(run_snippet):
    s = run_snippet("optim/exercise_warmup_cosine")
    assert "resumed with both state_dicts, same schedule: True" in s.stdout
    assert s.broken[:5] == s.straight[:5]
    assert s.broken[5] == pytest.approx(0.01)  # a fresh optimizer's lr, where the schedule has 0.0812
    assert s.straight[5] == pytest.approx(0.0812, abs=1e-4)
    assert "scheduler state only: 0.0100 0.0400 0.0700 0.1000 0.0950 0.0100 0.0075 0.0048 0.0023 0.0006" in (
        s.stdout
    )
