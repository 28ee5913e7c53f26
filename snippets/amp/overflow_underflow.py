"""Three ways a low-precision number goes wrong: overflow to inf, underflow to 0, an update that is lost."""

import torch

formats = [torch.float32, torch.float16, torch.bfloat16]


def name(dtype: torch.dtype) -> str:
    return str(dtype).removeprefix("torch.")


print("overflow: 60000 * 2, and what inf turns into")
for dtype in formats:
    big = torch.tensor(60000.0, dtype=dtype) * 2  # fp16's largest finite number is 65504
    print(f"  {name(dtype):<9} {big.item():>10}   big - big = {(big - big).item()}")

print("underflow: 1e-4 * 1e-4 (true value 1e-08), and 1e-06 stored as is")
for dtype in formats:
    a = torch.tensor(1e-4, dtype=dtype)
    tiny = torch.tensor(1e-6, dtype=dtype)  # below fp16's smallest normal number: a subnormal
    print(f"  {name(dtype):<9} {(a * a).item():<12.4g} 1e-06 -> {tiny.item():.4g}")

print("a small update: w = 1.0, then w += 1e-4, a thousand times (true result 1.1)")
for dtype in formats:
    w = torch.tensor(1.0, dtype=dtype)
    once = (w + 1e-4).item()
    for _ in range(1000):
        w += 1e-4  # lr * grad, added in the weight's own dtype
    spacing = torch.finfo(dtype).eps  # the gap between 1.0 and the next number
    print(
        f"  {name(dtype):<9} after one: {once:<8.6g} after 1000: {w.item():<8.6g} gap above 1: {spacing:.3g}"
    )

# The fix used by autocast (and apex's O2): an fp32 master weight takes the updates; compute uses a copy.
master = torch.tensor(1.0)
for _ in range(1000):
    master += 1e-4
    w16 = master.to(torch.bfloat16)  # the copy the forward pass would use
print(f"  fp32 master weight after 1000: {master.item():.6g}, its bfloat16 copy: {w16.item():.6g}")
