"""Exercise: why reduce_dtype=torch.float32: summing many ranks' bf16 gradients in bf16 loses digits."""

import torch

torch.manual_seed(0)
errors = {}
for ranks in (2, 8, 64):
    # Each rank's gradient of one parameter, computed in bf16 (what param_dtype=bf16 gives backward).
    grads = (torch.randn(ranks, 10_000) * 0.1 + 1.0).to(torch.bfloat16)
    exact = grads.double().mean(0)  # the average every rank should receive
    for dtype in (torch.bfloat16, torch.float32):  # reduce_dtype
        total = torch.zeros(10_000, dtype=dtype)
        for g in grads:  # a ring all-reduce adds one rank's contribution at a time
            total += g.to(dtype)
        mean = total.double() / ranks
        errors[ranks, dtype] = ((mean - exact).abs() / exact.abs()).max().item()
    bf16, fp32 = errors[ranks, torch.bfloat16], errors[ranks, torch.float32]
    print(f"{ranks:>2} ranks: largest relative error, reduced in bf16 {bf16:.1e}, in fp32 {fp32:.1e}")
print("bf16 eps (spacing just above 1.0):", torch.finfo(torch.bfloat16).eps)
