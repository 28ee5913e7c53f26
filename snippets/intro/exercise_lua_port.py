"""Exercise: port a Lua Torch snippet to PyTorch: 0-based indices, dims from 0, in-place marked by `_`."""

import torch

# The Lua Torch original (Torch7), as the exercise gives it:
#   x = torch.range(1, 6):resize(2, 3)   -- 1..6, end included, in 2 rows
#   x:add(1)                             -- Lua methods change x in place
#   y = x:narrow(2, 2, 2)                -- dimension 2, from index 2, length 2: a view
#   y:fill(0)
#   print(x[2][3], x:size(1), x:sum())

# The port: arange excludes its end, dims and indices count from 0, in-place methods end in `_`.
x = torch.arange(1, 7, dtype=torch.float32).reshape(2, 3)
x.add_(1)
y = x.narrow(1, 1, 2)  # or x[:, 1:3]
y.fill_(0)
print("ported x:", x.tolist())
print("ported x[1, 2], x.size(0), x.sum():", x[1, 2].item(), x.size(0), x.sum().item())

# A line-by-line port that keeps `x.add(1)` loses the update: add returns a new tensor, x stays.
naive = torch.arange(1, 7, dtype=torch.float32).reshape(2, 3)
naive.add(1)
naive.narrow(1, 1, 2).fill_(0)
print("naive x:", naive.tolist())
print("naive x.sum():", naive.sum().item())
