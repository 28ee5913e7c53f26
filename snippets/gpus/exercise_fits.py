"""Exercise: will training fit? Weights, gradients and AdamW state take 16 bytes per fp32 parameter."""

import torch
from torch import nn

GiB = 1024**3
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(512, 1024), nn.ReLU(), nn.Linear(1024, 10))
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
model(torch.randn(8, 512)).sum().backward()
optimizer.step()  # AdamW creates its state (exp_avg, exp_avg_sq) on the first step

params = sum(p.numel() for p in model.parameters())
counted = {
    "weights": sum(p.nbytes for p in model.parameters()),
    "gradients": sum(p.grad.nbytes for p in model.parameters()),
    "AdamW exp_avg + exp_avg_sq": sum(
        s["exp_avg"].nbytes + s["exp_avg_sq"].nbytes for s in optimizer.state.values()
    ),
}
print(f"parameters: {params:,}")
for name, size in counted.items():
    print(f"{name + ':':28}{size:>12,} bytes = {size / params:.0f} per parameter")
per_param = sum(counted.values()) / params
print(f"total: {per_param:.0f} bytes per parameter")

# The same arithmetic for a large model, before a single activation is stored.
for billions in (1, 7, 13):
    need = billions * 1e9 * per_param / GiB
    print(f"{billions:>2}B parameters need {need:6.1f} GiB", "| fits in 80 GiB:", need < 80)
print(f"largest model whose training state fits in 80 GiB: {80 * GiB / per_param / 1e9:.2f}B parameters")
