"""Broadcasting lines shapes up from the right; each pair of sizes must be equal or one of them 1."""

import torch

torch.manual_seed(0)

# (3, 1) and (4,): align on the right -> (3, 1) vs (1, 4) -> result (3, 4).
column = torch.tensor([[0.0], [10.0], [20.0]])
row = torch.tensor([1.0, 2.0, 3.0, 4.0])
table = column + row
print(tuple(column.shape), "+", tuple(row.shape), "->", tuple(table.shape))
print(table)

# Missing leading dims count as 1: (2, 1, 3) and (4, 1) -> (2, 1, 3) vs (1, 4, 1) -> (2, 4, 3).
three_d = torch.zeros(2, 1, 3) + torch.zeros(4, 1)
print("(2, 1, 3) + (4, 1) ->", tuple(three_d.shape))

# A common use: subtract each column's mean. (5, 3) - (3,) works because 3 == 3.
data = torch.rand(5, 3)
centred = data - data.mean(dim=0)
print("centred column means are ~0:", torch.allclose(centred.mean(dim=0), torch.zeros(3), atol=1e-6))

# (2, 3) and (4, 3): the leading sizes 2 and 4 differ and neither is 1.
try:
    torch.ones(2, 3) + torch.ones(4, 3)
except RuntimeError as err:
    print("RuntimeError:", err)

# An element-wise op reads the small operand with stride 0 instead of copying it. expand makes that
# visible as a view (stride 0 repeats the one row); repeat really copies the data.
expanded = row.expand(3, 4)
repeated = row.repeat(3, 1)
shares_expand = expanded.data_ptr() == row.data_ptr()
shares_repeat = repeated.data_ptr() == row.data_ptr()
print(f"expand: {tuple(expanded.shape)} stride {expanded.stride()} | shares memory: {shares_expand}")
print(f"repeat: {tuple(repeated.shape)} stride {repeated.stride()} | shares memory: {shares_repeat}")
print("same values:", torch.equal(expanded, repeated))

# In-place ops can broadcast the right operand only: the left one keeps its shape.
target = torch.zeros(2, 3)
target.add_(torch.tensor([1.0, 2.0, 3.0]))
print("zeros(2, 3).add_(3 values):", target.tolist())
try:
    torch.zeros(3).add_(torch.ones(2, 3))
except RuntimeError as err:
    print("RuntimeError:", err)
