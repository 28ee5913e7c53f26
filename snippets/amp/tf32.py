"""TF32: not a dtype but a way GPUs may run float32 matmuls and convolutions; the switches that allow it."""

import re

import torch

# TF32 keeps fp32's 8 exponent bits and fp16's 10 mantissa bits. Ampere and later NVIDIA GPUs may use it for
# float32 matmuls and convolutions; these switches decide whether they may. Tensors stay float32.
print("float32 matmul precision:", torch.get_float32_matmul_precision())
print("cuBLAS matmuls may use TF32:", torch.backends.cuda.matmul.allow_tf32)
print("cuDNN convolutions may use TF32:", torch.backends.cudnn.allow_tf32)
# The newer per-backend switch: "ieee" (full fp32) or "tf32"; "none": not set here, the level above decides.
print("cuda.matmul.fp32_precision:", torch.backends.cuda.matmul.fp32_precision)
print("cudnn.conv.fp32_precision:", torch.backends.cudnn.conv.fp32_precision)
torch.backends.cuda.matmul.fp32_precision = "tf32"  # the new way to let matmuls use TF32
try:
    torch.backends.cuda.matmul.allow_tf32  # the old flag, read after the new one was set
except RuntimeError as err:
    print("old flag read after the new API: RuntimeError:", re.search(r"We suggest[^.]*\.", str(err))[0])
