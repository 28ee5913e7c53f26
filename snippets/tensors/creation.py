"""torch.tensor copies data; torch.Tensor(5, 3) and torch.empty only reserve memory."""

import torch

torch.manual_seed(0)

# torch.tensor(data) copies the data and infers the dtype from it.
from_data = torch.tensor([[1, 2], [3, 4]])
print(from_data.dtype, from_data.shape)

# torch.Tensor(5, 3) is the class called with sizes: same as torch.empty(5, 3).
legacy = torch.Tensor(5, 3)
uninitialised = torch.empty(5, 3)
print(legacy.dtype, legacy.shape, uninitialised.shape)

# Initialised alternatives say what they contain.
zeros = torch.zeros(2, 3)
uniform = torch.empty(2, 3).uniform_(-1, 1)
print(zeros)
print(uniform)
