"""A first program: a random matrix, the mean of each column, and a matrix product."""

import torch

torch.manual_seed(0)  # fix the random numbers, so every run prints the same ones
x = torch.rand(3, 4)  # 3 rows and 4 columns, each number drawn uniformly from [0, 1)
print("x:")
print(x)
print("shape of x:", tuple(x.shape))

col_mean = x.mean(dim=0)  # dim=0 averages down the rows: one mean per column
print("mean per column:", col_mean)
print("shape of mean per column:", tuple(col_mean.shape))

# Each column of w says which columns of x to add up: the first picks columns 0 and 2, the second 1 and 3.
w = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 0.0], [0.0, 1.0]])
y = x @ w  # matrix product: (3, 4) @ (4, 2) gives (3, 2)
print("x @ w:")
print(y)
print("shape of x @ w:", tuple(y.shape))
