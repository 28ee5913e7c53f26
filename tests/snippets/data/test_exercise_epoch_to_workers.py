"""snippets/data/exercise_epoch_to_workers.py (an exercise's solution): the epoch reaches persistent workers
through the sampler's keys, not through an attribute of the dataset."""

import torch


def test_the_sampler_carries_the_epoch_and_the_dataset_attribute_does_not(run_snippet):
    s = run_snippet("data/exercise_epoch_to_workers")
    lines = s.stdout.splitlines()
    for epoch in range(3):
        assert f"epoch {epoch}: from the sampler {[epoch] * 4}, on the dataset [0, 0, 0, 0]" in lines
    assert len(s.pids) == 2  # the same two workers served all three epochs
    assert "worker processes over 3 epochs: 2" in lines


def test_the_shift_is_new_every_epoch_and_the_same_every_run(run_snippet):
    s = run_snippet("data/exercise_epoch_to_workers")
    expected = [
        [
            torch.randint(0, 100, (1,), generator=torch.Generator().manual_seed(e * 1000 + i)).item()
            for i in range(4)
        ]
        for e in range(3)
    ]
    assert s.shifts == expected
    assert s.shifts[0] != s.shifts[1] != s.shifts[2]
    assert "shifts per epoch: [[44, 45, 48, 86], [7, 97, 87, 81], [78, 68, 89, 52]]" in s.stdout.splitlines()
