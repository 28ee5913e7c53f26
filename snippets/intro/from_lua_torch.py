"""PyTorch renamed Lua Torch's tensor API for Python: snake_case, counting from 0, explicit in-place ops."""

import torch

# Lua Torch (Torch7) method names and what the same operation is called in PyTorch.
renamed = {
    "nElement": "numel",
    "isContiguous": "is_contiguous",
    "indexAdd": "index_add_",
    "maskedFill": "masked_fill_",
    "resizeAs": "resize_as_",
    "storageOffset": "storage_offset",
    "cmul": "mul",
}
exists = {lua: (hasattr(torch.Tensor, lua), hasattr(torch.Tensor, new)) for lua, new in renamed.items()}
print("hasattr(torch.Tensor, name), old name | new name:")
for lua_name, torch_name in renamed.items():
    print(f"{lua_name:14} {exists[lua_name][0]!s:6} | {torch_name:16} {exists[lua_name][1]}")

# Lua counted from 1 (x[1][4], x:size(1)); Python and PyTorch count from 0.
x = torch.arange(10.0).reshape(2, 5)
print("x[0, 3] (Lua: x[1][4]):", x[0, 3].item(), "| x.size(0) (Lua: x:size(1)):", x.size(0))

# In Lua, x:add(1) changed x in place; in PyTorch the underscore says so, and add returns a new tensor.
y = x.add(1)
print("after x.add(1):  x[0, 0] =", x[0, 0].item(), "| returned", y[0, 0].item())
x.add_(1)
print("after x.add_(1): x[0, 0] =", x[0, 0].item())

# Same name, different meaning: Lua's x:sub(...) cut out a block; PyTorch's sub subtracts.
print("x.sub(1)[0].tolist():", x.sub(1)[0].tolist())
print("x.narrow(1, 1, 2) (Lua: x:sub(1, 2, 2, 3)):", x.narrow(1, 1, 2).tolist())

# Lua's nn modules each carried a hand-written backward; here autograd derives it from the forward ops.
w = torch.tensor([2.0, -1.0], requires_grad=True)
loss = (w**3).sum()
loss.backward()
w_grad = w.grad.tolist()
print("d/dw sum(w^3) = 3 w^2:", w_grad)
