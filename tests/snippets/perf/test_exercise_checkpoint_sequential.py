"""snippets/perf/exercise_checkpoint_sequential.py (an exercise's solution): exact counts of saved tensors."""


def test_the_last_segment_is_not_checkpointed(run_snippet):
    s = run_snippet("perf/exercise_checkpoint_sequential")
    # every Linear saves its input and every ReLU its output: 16 for the plain model
    assert s.counts == {1: 16, 2: 9, 4: 7, 16: 16}
    assert s.stdout.splitlines() == [
        "segments=1: 16 saved tensors",
        "segments=2: 9 saved tensors",
        "segments=4: 7 saved tensors",
        "segments=16: 16 saved tensors",
    ]
