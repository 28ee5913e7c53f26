"""snippets/visualization/exercise_two_runs.py (an exercise's solution), run in-process."""

import pytest


def test_two_writers_give_two_runs_with_one_tag(run_snippet):
    s = run_snippet("visualization/exercise_two_runs")
    assert "two writers: {'train': ['loss'], 'val': ['loss']}\n" in s.stdout
    # add_scalars: a run per key plus the parent folder, an empty run.
    assert "add_scalars: {'.': [], 'loss/train': ['loss'], 'loss/val': ['loss']}\n" in s.stdout
    assert "points per run: {'train': 20, 'val': 20}" in s.stdout


def test_the_logged_values_are_the_losses(run_snippet):
    s = run_snippet("visualization/exercise_two_runs")
    assert s.last["train"] == pytest.approx(s.loss.item(), abs=1e-4)
    assert s.last["val"] == pytest.approx(s.val_loss.item(), abs=1e-4)
    assert s.last["val"] > s.last["train"]
