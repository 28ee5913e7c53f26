"""A counter that adds 1 each step, stored in fp16, bf16 or fp32: where it stops, and why there."""

import torch

stuck_at = {}
for dtype in [torch.float16, torch.bfloat16]:
    count = torch.tensor(0.0, dtype=dtype)
    while count + 1 != count:  # stops once 1 is under half the gap to the next number: rounded away
        count += 1
    stuck_at[dtype] = count.item()
    # Integers are exact while the gap is at most 1. The gap is eps * 2**e, so it reaches 2 at 2 / eps.
    limit = 2 / torch.finfo(dtype).eps
    print(
        f"{str(dtype).removeprefix('torch.'):<9} counter stops at: {count.item():.0f}   2 / eps = {limit:.0f}"
    )

# fp32 would take 16 million steps; check its limit directly.
edge = torch.tensor(2 / torch.finfo(torch.float32).eps)
print(f"float32   2 / eps = {edge.item():.0f}   2**24 + 1 == 2**24: {(edge + 1 == edge).item()}")
print("float16   2049 stored as:", torch.tensor(2049.0, dtype=torch.float16).item())
