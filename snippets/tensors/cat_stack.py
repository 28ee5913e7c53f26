"""cat joins tensors along a dimension they already have; stack puts them along a new one."""

import torch

a = torch.arange(6).reshape(2, 3)  # [[0, 1, 2], [3, 4, 5]]
b = torch.arange(6, 12).reshape(2, 3)  # [[6, 7, 8], [9, 10, 11]]

# cat: dim 0 puts b's rows under a's, dim 1 puts b's columns to the right of a's.
print("torch.cat([a, b], dim=0):", tuple(torch.cat([a, b], dim=0).shape))
print(torch.cat([a, b], dim=0))
print("torch.cat([a, b], dim=1):", tuple(torch.cat([a, b], dim=1).shape))
print(torch.cat([a, b], dim=1))

# stack: a new dimension at dim, of size 2 because there are two tensors.
print("torch.stack([a, b]):", tuple(torch.stack([a, b]).shape))
print(torch.stack([a, b]))
print("torch.stack([a, b], dim=2):", tuple(torch.stack([a, b], dim=2).shape))

# cat needs the same sizes in every other dimension: a row of 3 joins under (2, 3), not beside it.
row = torch.tensor([[-1, -1, -1]])  # (1, 3)
print("torch.cat([a, row], dim=0):", tuple(torch.cat([a, row], dim=0).shape))
try:
    torch.cat([a, row], dim=1)
except RuntimeError as err:
    print("RuntimeError:", err)

# stack needs the very same shape.
try:
    torch.stack([a, row])
except RuntimeError as err:
    print("RuntimeError:", err)

# The everyday use: collect one result per step in a list, stack them once at the end.
per_step = []
for step in range(4):
    per_step.append(torch.tensor([step, step * step]))  # this step's result, shape (2,)
history = torch.stack(per_step)  # (4, 2): one row per step
print("torch.stack(per_step):", tuple(history.shape), history.tolist())
