"""A tensor's shape, and reshape: the same elements in the same order, arranged in another shape."""

import torch

x = torch.arange(12)
print("x:", x.tolist())
print("x.shape:", x.shape, "| ndim:", x.ndim, "| numel:", x.numel())

# reshape fills the new shape row by row, in the elements' order.
grid = x.reshape(3, 4)
print("x.reshape(3, 4):")
print(grid)
print("grid.shape:", tuple(grid.shape), "| rows:", grid.shape[0], "| columns:", grid.shape[1])

# Three dimensions: 2 blocks of 3 rows of 2.
blocks = x.reshape(2, 3, 2)
print("x.reshape(2, 3, 2):")
print(blocks)

# One size may be -1: PyTorch works it out from the number of elements.
print("x.reshape(4, -1):", tuple(x.reshape(4, -1).shape))
print("x.reshape(-1, 6):", tuple(x.reshape(-1, 6).shape))

# flatten goes back to one dimension, and the order never changed.
flat = blocks.flatten()
print("blocks.flatten():", flat.tolist())
print("same elements as x:", torch.equal(flat, x))

# The number of elements cannot change.
try:
    x.reshape(5, 3)
except RuntimeError as err:
    print("RuntimeError:", err)
