"""snippets/visualization/exercise_visdom_two_curves.py (an exercise's solution), against a real Visdom server
on 127.0.0.1 (its `# server:`): two named traces in one window."""

import pytest


def test_two_named_traces_in_one_window(run_snippet):
    s = run_snippet("visualization/exercise_visdom_two_curves")
    assert [t["name"] for t in s.traces] == ["train", "val"]
    for trace in s.traces:
        assert trace["x"] == [float(step) for step in range(15)]
    lines = s.stdout.splitlines()
    assert "train: 15 points, steps 0 to 14, last 0.4199" in lines
    assert "val: 15 points, steps 0 to 14, last 0.5325" in lines
    assert "last val above last train: True" in lines


def test_the_points_are_the_losses_of_the_run(run_snippet):
    s = run_snippet("visualization/exercise_visdom_two_curves")
    assert s.traces[0]["y"][-1] == pytest.approx(s.loss.item(), rel=1e-6)
    assert s.traces[1]["y"][-1] == pytest.approx(s.val_loss.item(), rel=1e-6)
