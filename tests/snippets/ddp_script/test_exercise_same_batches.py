"""snippets/ddp_script/exercise_same_batches.py: with drop_last every step of W processes holds the images of
one process's step; without it, the last step differs exactly where the sampler pads (1437 is not a multiple
of W)."""


def test_the_steps_that_differ(run_snippet):
    s = run_snippet("ddp_script/exercise_same_batches")
    assert s.stdout.splitlines() == [
        "drop_last=True, 2 processes: 11 steps, different steps: []",
        "drop_last=True, 3 processes: 7 steps, different steps: []",
        "drop_last=True, 4 processes: 5 steps, different steps: []",
        "drop_last=False, 2 processes: 12 steps, different steps: ['step 12: 29 images alone, 30 together']",
        "drop_last=False, 3 processes: 8 steps, different steps: []",
        "drop_last=False, 4 processes: 6 steps, different steps: ['step 6: 157 images alone, 160 together']",
    ]


def test_padding_is_what_breaks_the_last_step(run_snippet):
    s = run_snippet("ddp_script/exercise_same_batches")
    for world in (2, 3, 4):
        alone = s.steps(1, 0, world * s.B, drop_last=False)
        ranks = [s.steps(world, rank, s.B, drop_last=False) for rank in range(world)]
        padded = sum(len(step) for r in ranks for step in r) - s.N  # indices the sampler used twice
        assert padded == (-s.N) % world  # 1, 0, 3
        assert len(alone[-1]) + padded == sum(len(r[-1]) for r in ranks)  # all of them in the last step
