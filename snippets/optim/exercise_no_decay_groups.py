"""Exercise: AdamW with weight decay on weight matrices only, the biases and LayerNorm in a no-decay group."""

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Sequential(nn.Linear(4, 8), nn.LayerNorm(8), nn.ReLU(), nn.Linear(8, 2)).to(device)
lr, wd, steps = 0.1, 0.5, 3

# The usual split: matrices (ndim >= 2) decay; biases and normalization weights (ndim 1) do not.
decay = [p for p in model.parameters() if p.ndim >= 2]
no_decay = [p for p in model.parameters() if p.ndim < 2]
optimizer = torch.optim.AdamW(
    [{"params": decay, "weight_decay": wd}, {"params": no_decay, "weight_decay": 0.0}], lr=lr
)
print("decay:", len(decay), "tensors,", sum(p.numel() for p in decay), "numbers")
print("no decay:", len(no_decay), "tensors,", sum(p.numel() for p in no_decay), "numbers")

# A loss whose gradient is exactly zero isolates what weight decay alone does.
x = torch.randn(16, 4, device=device)
before = [p.detach().clone() for p in model.parameters()]
for _ in range(steps):
    optimizer.zero_grad()
    (model(x) * 0).sum().backward()
    optimizer.step()

factor = (1 - lr * wd) ** steps  # AdamW multiplies by (1 - lr * wd) each step, outside Adam's update
pairs = list(zip(model.parameters(), before, strict=True))
shrunk = all(torch.allclose(p, b * factor) for p, b in pairs if p.ndim >= 2)
untouched = all(torch.equal(p, b) for p, b in pairs if p.ndim < 2)
print(f"decayed weights = before * (1 - lr*wd)**{steps} = before * {factor:.6f}:", shrunk)
print("no-decay parameters unchanged bit for bit:", untouched)

# Adam's weight_decay instead adds wd * p to the gradient, which Adam then normalizes:
# on the first step every weight moves by about lr, whatever its size.
w = before[0].clone().requires_grad_()
adam = torch.optim.Adam([w], lr=lr, weight_decay=wd)
w.grad = torch.zeros_like(w)
adam.step()
moved = (w.detach() - before[0]).abs()
print("Adam(weight_decay): every weight moved by lr:", torch.allclose(moved, torch.full_like(moved, lr)))
