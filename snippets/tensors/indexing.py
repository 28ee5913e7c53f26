"""Indexing picks elements, slicing gives a view of the same memory, index_add_ adds into columns."""

import torch

a = torch.arange(15.0).reshape(3, 5)
print(a)

# a[0, 3]: row 0, column 3 (indices start at 0), as a 0-d tensor.
element = a[0, 3]
print("a[0, 3]:", element, "| shape:", tuple(element.shape), "| .item():", element.item())

# a[:, 3:5]: every row, columns 3 and 4 (the stop index 5 is excluded).
columns = a[:, 3:5]
print("a[:, 3:5]:", columns.tolist(), "| shape:", tuple(columns.shape))

# A slice is a view: no copy, so writing through it changes a.
columns[0, 0] = -1.0  # columns[0, 0] is a[0, 3]
print("a[0, 3] after columns[0, 0] = -1:", a[0, 3].item(), "| element, also a view:", element.item())

# Indexing with a tensor of indices copies instead.
picked = a[:, torch.tensor([4, 0])]
picked[0, 0] = 100.0
print("a[0, 4] after writing to the copy:", a[0, 4].item())

# Assigning through advanced indexing is different: a[mask] = v writes into a itself.
a[a > 12] = 0.0
print("a[2] after a[a > 12] = 0:", a[2].tolist())

# x.index_add_(dim, index, source): for each i, x[:, index[i]] += source[:, i] (here dim=1).
x = torch.zeros(3, 5)
z = torch.ones(3, 2) * torch.tensor([10.0, 1.0])  # column 0 holds 10s, column 1 holds 1s
index = torch.tensor([4, 0])  # int64, the modern spelling of torch.LongTensor([4, 0])
x.index_add_(1, index, z)  # z's column 0 goes to x's column 4, column 1 to column 0
print("index dtype:", index.dtype)
print(x)

# Repeated indices accumulate.
counts = torch.zeros(3).index_add_(0, torch.tensor([1, 1, 2]), torch.ones(3))
print("index_add_ with a repeated index:", counts.tolist())

# The index must hold integers; the old camelCase names are gone.
try:
    x.index_add_(1, torch.tensor([4.0, 0.0]), z)
except RuntimeError as err:
    print("RuntimeError:", err)
print("has indexAdd:", hasattr(x, "indexAdd"), "| has index_add_:", hasattr(x, "index_add_"))
