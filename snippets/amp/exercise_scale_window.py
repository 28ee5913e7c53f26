"""Exercise: which loss scales keep gradients from 1e-8 to 4 intact in fp16, and which GradScaler finds."""

import math

import torch

true = torch.tensor([1e-8, 1e-6, 1e-4, 1e-2, 4.0])  # one step's true gradients, in fp32
print("scale  overflow  zeroed  worst relative error after unscaling")
window = []
for k in range(18):
    scale = 2.0**k
    fp16 = (true * scale).half()  # what backward leaves in fp16 with the loss scaled
    back = fp16.float() / scale  # GradScaler unscales in fp32
    overflow, zeroed = fp16.isinf().any().item(), (fp16 == 0).any().item()
    error = ((back - true).abs() / true).max().item()
    if error < 1e-3:
        window.append(k)
    print(f"2^{k:<4} {overflow!s:9} {zeroed!s:7} {error:.2e}")
print(f"every gradient within 0.1%: 2^{window[0]} to 2^{window[-1]}")

# GradScaler starts at 2^16 and halves the scale after every step with an inf: where does it settle?
w = torch.zeros(5, requires_grad=True)
optimizer = torch.optim.SGD([w], lr=0.1)
scaler = torch.amp.GradScaler("cpu")
used_scales, taken_steps = [], []
for step in range(1, 6):
    optimizer.zero_grad()
    loss = (w.half().float() * true).sum()  # d loss / d w is `true`; it passes through fp16 on the way back
    scaler.scale(loss).backward()
    used = scaler.get_scale()
    before = w.detach().clone()
    scaler.step(optimizer)  # skipped when a gradient is inf or NaN
    scaler.update()
    taken = not torch.equal(before, w.detach())
    used_scales.append(used)
    taken_steps.append(taken)
    print(f"GradScaler step {step}: scale 2^{math.log2(used):.0f}, step taken: {taken}")
print("gradients GradScaler handed to SGD:", [f"{g:.3g}" for g in w.grad.tolist()])
