"""Element-wise arithmetic: +, -, *, /, ** and functions such as torch.sqrt work element by element."""

import torch

a = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
b = torch.tensor([[10.0, 20.0, 30.0], [40.0, 50.0, 60.0]])

# Two tensors of the same shape: each element meets the element at the same position.
print("a + b:", (a + b).tolist())
print("b - a:", (b - a).tolist())
print("a * b:", (a * b).tolist())  # element by element: this is not the matrix product
print("b / a:", (b / a).tolist())
print("a ** 2:", (a**2).tolist())

# A plain number goes with every element.
print("a * 10 + 1:", (a * 10 + 1).tolist())

# Functions in torch work the same way, one element at a time.
print("torch.sqrt(a):")
print(torch.sqrt(a))
print("torch.exp(a):")
print(torch.exp(a))

# Each operation returns a new tensor; a and b keep their values.
print("a afterwards:", a.tolist())

# Integer tensors: / always gives floats, // rounds down (towards minus infinity).
n = torch.tensor([7, -7])
print("n / 2:", (n / 2).tolist(), (n / 2).dtype)
print("n // 2:", (n // 2).tolist(), (n // 2).dtype)

# int64 meets float32: the result is float32, so nothing is cut off.
mixed = n + torch.tensor([0.5, 0.5])
print("int64 + float32:", mixed.tolist(), mixed.dtype)

# Two shapes that do not fit together raise an error.
try:
    torch.ones(2, 3) + torch.ones(3, 2)
except RuntimeError as err:
    print("RuntimeError:", err)
