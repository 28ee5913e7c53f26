"""PyTorch renamed Lua Torch's tensor methods for Python (snake_case) and counts dimensions from 0."""

import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])  # 2 rows, 3 columns

# Lua Torch (Torch7) method names, and what the same operation is called in PyTorch.
renamed = {
    "nElement": "numel",
    "isContiguous": "is_contiguous",
    "indexAdd": "index_add_",
    "maskedFill": "masked_fill_",
    "storageOffset": "storage_offset",
    "cmul": "mul",
}
found = {}  # {Lua name: (does x have the Lua name, does x have the PyTorch name)}
print("hasattr(x, name): Lua name | PyTorch name")
for lua_name, torch_name in renamed.items():
    found[lua_name] = (hasattr(x, lua_name), hasattr(x, torch_name))
    print(f"{lua_name:14} {found[lua_name][0]!s:6} | {torch_name:16} {found[lua_name][1]}")

# Lua numbered dimensions from 1: x:size(1) was the number of rows. PyTorch numbers them from 0.
print("shape of x:", tuple(x.shape))
print("x.shape[0], the rows (Lua: x:size(1)):", x.shape[0])
print("x.shape[1], the columns (Lua: x:size(2)):", x.shape[1])
