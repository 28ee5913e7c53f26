"""snippets/distributed_failures/sampler_padding.py (an exercise's solution), run in-process."""


def test_padding_repeats_the_first_samples_and_drop_last_drops_the_last(run_snippet):
    s = run_snippet("distributed_failures/sampler_padding")
    assert s.stdout.splitlines() == [
        "drop_last=False: shares [[0, 4, 8], [1, 5, 9], [2, 6, 0], [3, 7, 1]]",
        "  batches per rank [2, 2, 2, 2], samples in the epoch 12, distinct 10",
        "drop_last=True: shares [[0, 4], [1, 5], [2, 6], [3, 7]]",
        "  batches per rank [1, 1, 1, 1], samples in the epoch 8, distinct 8",
    ]
    assert s.batches == [1, 1, 1, 1]  # the last loop's DataLoader lengths: equal on every rank
