"""Creating tensors: from data with torch.tensor, or from a shape with arange, zeros, ones and randn."""

import torch

# From data: torch.tensor copies a (nested) Python list and infers the dtype from the values.
data = [[1, 2], [3, 4]]
from_data = torch.tensor(data)
data[0][0] = 100  # changing the list afterwards leaves the tensor alone: it holds its own copy
print("torch.tensor:", from_data.tolist(), from_data.dtype)
decimals = torch.tensor([1.5, 2.0, -0.25])
print("torch.tensor with decimals:", decimals.tolist(), decimals.dtype)

# A range of numbers: like Python's range, the end is left out.
counting = torch.arange(5)
print("arange(5):", counting.tolist(), counting.dtype)
quarters = torch.arange(0, 1, 0.25)  # start, end, step; a float step gives floats
print("arange(0, 1, 0.25):", quarters.tolist(), quarters.dtype)

# From a shape alone: the sizes are the arguments, every element gets the same value.
zeros = torch.zeros(2, 3)
ones = torch.ones(2, 3, dtype=torch.int64)  # dtype= chooses the number type
print("zeros(2, 3):", zeros.tolist(), zeros.dtype)
print("ones(2, 3, dtype=torch.int64):", ones.tolist(), ones.dtype)

# Random numbers from the standard normal distribution. Seeding the generator first
# makes every run draw the same numbers.
torch.manual_seed(0)
noise = torch.randn(2, 3)
print("randn(2, 3) after manual_seed(0):")
print(noise)
torch.manual_seed(0)
again = torch.randn(2, 3)
print("the same numbers after seeding again:", torch.equal(noise, again))

# device= chooses where the memory lives: the GPU when there is one, otherwise the CPU.
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
weights = torch.randn(3, dtype=torch.float64, device=device)
print("randn(3, dtype=torch.float64, device=device):", weights.dtype, weights.device.type)
