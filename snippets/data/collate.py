"""A custom collate_fn: pad sequences of different lengths into one batch with pad_sequence."""

import torch
from torch.nn.utils.rnn import pad_sequence
from torch.utils.data import DataLoader

# Token ids of different lengths and one label each, as a text dataset returns them.
data = [
    (torch.tensor([5, 3, 8]), 0),
    (torch.tensor([7]), 1),
    (torch.tensor([2, 9]), 1),
    (torch.tensor([4, 4, 4, 1]), 0),
]

try:
    next(iter(DataLoader(data, batch_size=2)))  # default_collate stacks, and stacking needs equal shapes
except RuntimeError as e:
    print("default_collate:", e)


def pad_collate(batch):
    """A list of batch_size samples in, one batch out: padded ids, true lengths, labels."""
    seqs, labels = zip(*batch, strict=True)
    lengths = torch.tensor([len(s) for s in seqs])
    padded = pad_sequence(seqs, batch_first=True, padding_value=0)  # (batch, longest)
    return padded, lengths, torch.tensor(labels)


loader = DataLoader(data, batch_size=2, collate_fn=pad_collate)
out = list(loader)
for padded, lengths, labels in out:
    print(tuple(padded.shape), padded.tolist(), "lengths", lengths.tolist(), "labels", labels.tolist())

# The lengths give a mask of the real positions, e.g. to leave padding out of a mean.
padded, lengths, _ = out[1]
mask = torch.arange(padded.shape[1]) < lengths[:, None]
print("mask:", mask.tolist())
print("mean over real tokens:", ((padded * mask).sum(1) / lengths).tolist())
print(
    "left padding:",
    pad_sequence([torch.tensor([7]), torch.tensor([2, 9])], True, padding_side="left").tolist(),
)
