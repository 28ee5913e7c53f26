"""snippets/training/exercise_resume.py (an exercise's solution), run in-process."""


def test_resuming_equals_training_straight_through_only_with_the_loader_state(run_snippet):
    s = run_snippet("training/exercise_resume")
    lines = s.stdout.splitlines()
    assert "loader generator restored: True, bitwise equal: True, largest difference 0.0e+00" in lines
    assert any(ln.startswith("loader generator restored: False, bitwise equal: False") for ln in lines)
    assert set(s.checkpoint) == {"epoch", "model", "optimizer", "loader_rng"}
    assert s.same and s.diff == 0.0  # the last case run: the generator restored
