"""A Dataset says how to get sample i; a DataLoader batches, shuffles and collates the samples."""

import torch
from torch.utils.data import DataLoader, Dataset


class Squares(Dataset):
    """Map-style dataset: __len__ and __getitem__ are all a DataLoader needs."""

    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        features = torch.tensor([float(i), float(i) ** 2])
        label = i % 2
        return features, label  # a tuple per sample...


data = Squares(10)
print("len:", len(data), "| data[3]:", data[3])

# ...becomes a tuple of stacked tensors per batch (default_collate); the last batch may be short.
loader = DataLoader(data, batch_size=4)
batches = [(features.tolist(), labels.tolist()) for features, labels in loader]
print("batches per epoch:", len(loader))
for features, labels in batches:
    print("  labels", labels, "| first column", [row[0] for row in features])
first_features, first_labels = next(iter(loader))
print("first batch:", tuple(first_features.shape), first_features.dtype, "|", first_labels.dtype)

# drop_last=True drops the short batch instead.
print("drop_last=True:", [len(b[1]) for b in DataLoader(data, batch_size=4, drop_last=True)])


def order(loader):
    """The sample indices of one epoch, batch by batch (column 0 of the features is the index)."""
    return [features[:, 0].int().tolist() for features, _ in loader]


# shuffle=True draws a new order every epoch; a seeded generator makes the orders repeatable.
shuffled = DataLoader(data, batch_size=4, shuffle=True, generator=torch.Generator().manual_seed(0))
epochs = [order(shuffled), order(shuffled)]
print("epoch 1:", epochs[0])
print("epoch 2:", epochs[1])
again = DataLoader(data, batch_size=4, shuffle=True, generator=torch.Generator().manual_seed(0))
print("same seed, same first epoch:", order(again) == epochs[0])
