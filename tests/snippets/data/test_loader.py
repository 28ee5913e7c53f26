import torch
from torch.utils.data import DataLoader


def test_dataset_indexing(run_snippet):
    s = run_snippet("data/loader")
    assert len(s.data) == 10
    features, label = s.data[3]
    assert features.tolist() == [3.0, 9.0] and label == 1
    assert "len: 10 | data[3]: (tensor([3., 9.]), 1)" in s.stdout


def test_batches_are_collated_in_order(run_snippet):
    s = run_snippet("data/loader")
    assert s.batches == [
        ([[0.0, 0.0], [1.0, 1.0], [2.0, 4.0], [3.0, 9.0]], [0, 1, 0, 1]),
        ([[4.0, 16.0], [5.0, 25.0], [6.0, 36.0], [7.0, 49.0]], [0, 1, 0, 1]),
        ([[8.0, 64.0], [9.0, 81.0]], [0, 1]),
    ]
    assert s.first_features.shape == (4, 2) and s.first_features.dtype == torch.float32
    assert s.first_labels.dtype == torch.int64  # Python ints are collated into an int64 tensor
    assert "batches per epoch: 3" in s.stdout
    assert "drop_last=True: [4, 4]" in s.stdout


def test_seeded_shuffle_gives_exact_batches(run_snippet):
    s = run_snippet("data/loader")
    assert s.epochs == [
        [[3, 7, 5, 2], [0, 8, 1, 6], [9, 4]],
        [[1, 3, 2, 7], [5, 9, 0, 6], [4, 8]],
    ]
    assert "same seed, same first epoch: True" in s.stdout
    for epoch in s.epochs:  # every sample exactly once per epoch
        assert sorted(i for batch in epoch for i in batch) == list(range(10))
    other = DataLoader(s.data, batch_size=4, shuffle=True, generator=torch.Generator().manual_seed(1))
    assert s.order(other) != s.epochs[0]
