"""Exercise: the mean of each row, and a matrix product computed with two Python loops, checked against @."""

import torch

torch.manual_seed(0)
x = torch.rand(3, 4)
w = torch.rand(4, 2)

row_mean = x.mean(dim=1)  # dim=1 averages across the columns: one mean per row
print("mean per row:", row_mean)
print("shape of mean per row:", tuple(row_mean.shape))

rows = []
for i in range(3):  # each row of x
    row = []
    for j in range(2):  # each column of w
        entry = (x[i, :] * w[:, j]).sum()  # multiply entry by entry, then add up
        row.append(float(entry))  # a one-number tensor becomes a Python float
    rows.append(row)
by_hand = torch.tensor(rows)  # the 3 x 2 result, back as a tensor
print("by hand:")
print(by_hand)
print("x @ w:")
print(x @ w)
# allclose, not ==: the loops may add in another order than @ does, and the last bits of a float can differ
print("same as x @ w:", torch.allclose(by_hand, x @ w))
