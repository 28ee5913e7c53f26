"""torch.tensor copies data; torch.Tensor(5, 3) and torch.empty only reserve memory, they do not fill it."""

import torch

torch.manual_seed(0)

# torch.tensor(data) copies the data and infers the dtype from it.
data = [[1, 2], [3, 4]]
from_data = torch.tensor(data)
data[0][0] = 100  # changing the list later does not touch the tensor
print("torch.tensor:", from_data.dtype, tuple(from_data.shape), from_data.tolist())

# torch.Tensor is the class; called with sizes it behaves like torch.empty(sizes).
legacy = torch.Tensor(5, 3)
uninitialised = torch.empty(5, 3)
print("torch.Tensor(5, 3):", type(legacy).__name__, legacy.dtype, tuple(legacy.shape))
print("torch.empty(5, 3): ", type(uninitialised).__name__, uninitialised.dtype, tuple(uninitialised.shape))

# The notes' line: uniform_ overwrites every element in place and returns the same tensor.
reserved = torch.Tensor(5, 3)
notes_line = reserved.uniform_(-1, 1)
in_range = bool(((notes_line >= -1) & (notes_line < 1)).all())
print("uniform_ returned the same tensor:", notes_line is reserved, "| all values in [-1, 1):", in_range)

# To get values you can rely on, ask for them.
zeros = torch.zeros(2, 3)
ones = torch.ones(2, 3, dtype=torch.int64)
sevens = torch.full((2, 3), 7.0)
uniform = torch.rand(2, 3)  # uniform on [0, 1)
between = torch.empty(2, 3).uniform_(-1, 1)  # reserve, then initialise in place
filled = torch.empty(2, 3).fill_(0.5)
print("zeros:", zeros.tolist())
print("ones (int64):", ones.tolist())
print("full 7.0:", sevens.tolist())
print("rand:", uniform)
print("empty().uniform_(-1, 1):", between)
print("empty().fill_(0.5):", filled.tolist())
