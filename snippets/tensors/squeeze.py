"""squeeze removes size-1 dimensions, unsqueeze inserts one; both return views of the same memory."""

import torch

m = torch.zeros(2, 1, 2, 1, 2)
print("m:             ", m.size())

# No argument: every size-1 dimension goes.
print("squeeze():     ", m.squeeze().size())

# With a dim: only that dimension, and only if its size is 1. Otherwise nothing changes (no error).
print("squeeze(0):    ", m.squeeze(0).size())  # size 2: unchanged
print("squeeze(1):    ", m.squeeze(1).size())
print("squeeze(2):    ", m.squeeze(2).size())  # size 2: unchanged
print("squeeze(-2):   ", m.squeeze(-2).size())

# Since torch 2.0 a tuple of dims is accepted; dims that are not size 1 are skipped.
print("squeeze((1, 3)):", m.squeeze((1, 3)).size())
print("squeeze((0, 1)):", m.squeeze((0, 1)).size())

# unsqueeze(dim) inserts a size-1 dimension at dim; a common way to add a batch dimension.
v = torch.tensor([1.0, 2.0, 3.0])
print("unsqueeze(0):  ", v.unsqueeze(0).size(), "| unsqueeze(1):", v.unsqueeze(1).size())
print("v[None, :]:    ", v[None, :].size())  # indexing with None does the same

# A view: same memory, so a value written into the squeezed tensor shows up in m.
squeezed = m.squeeze()
squeezed[0, 0, 0] = 5.0
print("m[0, 0, 0, 0, 0] after squeezed[0, 0, 0] = 5:", m[0, 0, 0, 0, 0].item())

# squeeze() has a trap: a batch of one loses its batch dimension too.
batch_of_one = torch.zeros(1, 3, 1)
print("batch of one, squeeze():  ", batch_of_one.squeeze().size())
print("batch of one, squeeze(-1):", batch_of_one.squeeze(-1).size())
