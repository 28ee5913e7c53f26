"""snippets/visualization/tensorboard_live.py against a real TensorBoard on 127.0.0.1 (its `# server:`)."""

import os
import subprocess

import pytest


def test_tensorboard_serves_the_logged_curve(run_snippet):
    s = run_snippet("visualization/tensorboard_live")
    assert "runs and tags served: {'demo': ['train/loss']}" in s.stdout
    assert "points: 10" in s.stdout
    steps = [step for _, step, _ in s.points]
    assert steps == list(range(10))
    # w moves 40% of the way to 3 each step, so the loss shrinks by 0.6² = 0.36 per step from 9.
    for step, (_, _, value) in enumerate(s.points):
        assert value == pytest.approx(9 * 0.36**step, rel=1e-5)
    assert "step 0: loss 9.0000\nstep 1: loss 3.2400\nstep 2: loss 1.1664\nstep 9: loss 0.0009\n" in s.stdout


def test_no_tensorboard_outlives_the_run(run_snippet):
    run_snippet("visualization/tensorboard_live")
    # This run's server only (other tests and builds may run theirs meanwhile): it had this port.
    pattern = f"tensorboard --logdir runs --host 127.0.0.1 --port {os.environ['PORT']} "
    left = subprocess.run(["pgrep", "-f", pattern], capture_output=True, text=True)
    assert left.stdout == "", f"TensorBoard still running: pids {left.stdout.split()}"
