"""snippets/visualization/exercise_lr_gradnorm.py (an exercise's solution), run in-process."""

import pytest


def test_lr_and_grad_norm_read_back(run_snippet):
    s = run_snippet("visualization/exercise_lr_gradnorm")
    assert "tags: ['train/grad_norm', 'train/loss', 'train/lr']\n" in s.stdout
    assert "lr changes at: [(0, 0.1), (10, 0.05), (20, 0.025)]\n" in s.stdout  # StepLR halves every 10
    assert [step for step, _ in s.lr] == list(range(30))
    assert len(s.norms) == 30 and s.norms[0] == pytest.approx(2.256, abs=1e-3)
    assert 0 < sum(n > 2.0 for n in s.norms) < 30  # some steps were clipped, not all
    assert s.loss[-1].value < s.loss[0].value / 10
