"""The matrix product a @ b, matrix times vector, and batched matmul over a leading batch dimension."""

import torch

a = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])  # (3, 2)
b = torch.tensor([[1.0, 0.0, 2.0], [0.0, 1.0, 3.0]])  # (2, 3)

# (3, 2) @ (2, 3) -> (3, 3): the inner sizes must agree, the outer ones are the result's shape.
c = a @ b
print("a @ b:", tuple(a.shape), "@", tuple(b.shape), "->", tuple(c.shape))
print(c)
# Row 0 of a is [1, 2], column 2 of b is [2, 3]: 1*2 + 2*3 = 8, the last number of c's first row.
print("row 0 of a times column 2 of b:", 1.0 * 2.0 + 2.0 * 3.0)

# The other order is another product, with another shape.
print("b @ a:", tuple((b @ a).shape))

# Inner sizes that disagree cannot be multiplied.
try:
    a @ a
except RuntimeError as err:
    print("RuntimeError:", err)

# A matrix times a vector: (3, 2) @ (2,) -> (3,).
v = torch.tensor([1.0, 10.0])
print("a @ v:", (a @ v).tolist())

# Batched: 4 matrices of (3, 2) times 4 matrices of (2, 5), one product per entry -> (4, 3, 5).
torch.manual_seed(0)
xs = torch.randn(4, 3, 2)
ws = torch.randn(4, 2, 5)
ys = xs @ ws
print("batched:", tuple(xs.shape), "@", tuple(ws.shape), "->", tuple(ys.shape))
# A batched product may add in another order than a single product, so compare with allclose, not ==.
print("entry 2 is xs[2] @ ws[2]:", torch.allclose(ys[2], xs[2] @ ws[2]))

# One matrix shared by every entry of the batch: (4, 3, 2) @ (2, 5) -> (4, 3, 5).
shared = torch.randn(2, 5)
print("shared weight:", tuple(xs.shape), "@", tuple(shared.shape), "->", tuple((xs @ shared).shape))
