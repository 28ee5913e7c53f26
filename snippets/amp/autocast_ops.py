# record: cuda
"""Which ops autocast runs in low precision and which it keeps in fp32, asked of torch on this device."""

import torch
import torch.nn.functional as F
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
low = torch.float16 if device.type == "cuda" else torch.bfloat16
torch.manual_seed(0)
x = torch.randn(8, 16, device=device)  # an fp32 input, as from the data loader
w = torch.randn(16, 16, device=device)
img, kernel = torch.randn(2, 3, 8, 8, device=device), torch.randn(4, 3, 3, 3, device=device)
target = torch.zeros(8, dtype=torch.long, device=device)
labels = torch.rand(8, 16, device=device)  # targets in [0, 1] for the binary cross-entropy losses

with torch.autocast(device.type, dtype=low):
    h = F.linear(x, w)  # a low-precision activation, as the next layer sees it
    ops = {
        "linear": lambda: F.linear(x, w),
        "matmul": lambda: x @ w,
        "conv2d": lambda: F.conv2d(img, kernel),
        "relu": lambda: F.relu(h),
        "softmax": lambda: F.softmax(h, dim=-1),
        "log_softmax": lambda: F.log_softmax(h, dim=-1),
        "sum": lambda: h.sum(),
        "exp": lambda: h.exp(),
        "layer_norm": lambda: F.layer_norm(h, (16,)),
        "cross_entropy": lambda: F.cross_entropy(h, target),
        "mse_loss": lambda: F.mse_loss(h, x),
        "prod": lambda: h.prod(),
        "BCELoss": lambda: nn.BCELoss()(torch.sigmoid(h), labels),
        "BCEWithLogitsLoss": lambda: nn.BCEWithLogitsLoss()(h, labels),
        "h + x (add)": lambda: h + x,
        "cat([h, x])": lambda: torch.cat([h, x]),
    }
    result, errors = {}, {}
    for op, fn in ops.items():
        try:
            result[op] = fn().dtype
        except RuntimeError as err:  # CUDA's autocast refuses some ops outright
            errors[op] = str(err)
            result[op] = f"RuntimeError: {errors[op].splitlines()[0]}"

print(f"device: {device.type}, autocast dtype: {low}; h = linear(x) is {h.dtype}")
for op, dtype in result.items():
    print(f"  {op:<17} -> {str(dtype).removeprefix('torch.')}")
# Autocast casts copies for each op; the tensors you own are untouched. Outside it nothing is cast.
print("w itself after autocast:", w.dtype)
print("softmax(h) outside autocast:", F.softmax(h, dim=-1).dtype)
