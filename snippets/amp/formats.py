"""Range and precision of fp32, fp16, bf16 and the two fp8 formats, read from torch.finfo."""

import re

import torch

dtypes = [torch.float32, torch.float16, torch.bfloat16, torch.float8_e4m3fn, torch.float8_e5m2]
columns = f"{'bits':>5}{'exp':>4}{'man':>4}{'max':>13}{'min normal':>12}{'min subnormal':>15}{'eps':>11}"
print(f"{'dtype':<15}{columns}")
table = {}
for dtype in dtypes:
    info = torch.finfo(dtype)
    mantissa = round(-torch.log2(torch.tensor(info.eps)).item())  # eps = 2**-mantissa_bits
    exponent = info.bits - 1 - mantissa  # the sign takes one bit
    subnormal = info.tiny * info.eps  # the smallest number above zero
    table[dtype] = (info.bits, exponent, mantissa, info.max, info.tiny, subnormal, info.eps)
    name = str(dtype).removeprefix("torch.")
    print(
        f"{name:<15}{info.bits:>5}{exponent:>4}{mantissa:>4}{info.max:>13.6g}{info.tiny:>12.4g}"
        f"{subnormal:>15.4g}{info.eps:>11.4g}"
    )

# Each number is stored exactly; half of the smallest subnormal rounds to zero.
for dtype in dtypes:
    _, _, _, biggest, _, smallest, _ = table[dtype]
    back = torch.tensor([biggest, smallest, smallest / 2], dtype=torch.float64).to(dtype).double()
    print(
        f"{str(dtype).removeprefix('torch.'):<15} round trip of max, min subnormal, half of it:",
        back.tolist(),
    )

# bf16 keeps fp32's 8 exponent bits and drops mantissa bits: same range, coarser steps.
same_range = torch.finfo(torch.bfloat16).tiny == torch.finfo(torch.float32).tiny
print("bf16 and fp32 share the smallest normal number:", same_range)

# TF32 is not a storage dtype: it is how Ampere+ GPUs may run float32 matmuls and convolutions
# (fp32's 8 exponent bits, 10 mantissa bits). These switches decide whether they may.
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
