"""Exercise: fine-tune in two phases: the head alone first, then the backbone too, with a smaller lr."""

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)).to(device)
backbone, head = model[0], model[2]
x = torch.randn(32, 4).to(device)  # drawn on the CPU: the same numbers on any device
target = torch.randint(0, 2, (32,)).to(device)


def train_step(optimizer):
    loss = nn.functional.cross_entropy(model(x), target)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    return loss.item()


# Phase 1: freeze the backbone; the optimizer gets only the head.
backbone.requires_grad_(False)
optimizer = torch.optim.SGD(head.parameters(), lr=0.1)
start = backbone.weight.detach().clone()
losses = []
for _ in range(3):
    losses.append(train_step(optimizer))
print("phase 1, backbone unchanged:", torch.equal(backbone.weight, start))

# Phase 2: unfreeze, and hand the backbone to the optimizer as a group of its own with a 10x smaller lr.
backbone.requires_grad_(True)
optimizer.add_param_group({"params": backbone.parameters(), "lr": 0.01})
print("lr of each group:", [group["lr"] for group in optimizer.param_groups])
before = [p.detach().clone() for p in model.parameters()]
losses.append(train_step(optimizer))
for (name, p), old in zip(model.named_parameters(), before, strict=True):
    ratio = ((old - p.detach()).norm() / p.grad.norm()).item()  # the lr that was applied
    print(f"phase 2, {name:<8} moved by {ratio:.4f} * grad")
print("loss per step:", " ".join(f"{loss:.4f}" for loss in losses))

# The mistake: unfreezing without add_param_group. The backbone gets gradients, but nothing moves it.
forgot = torch.optim.SGD(head.parameters(), lr=0.1)
before = backbone.weight.detach().clone()
train_step(forgot)
print("unfrozen, not in the optimizer, has a grad:", backbone.weight.grad is not None)
print("unfrozen, not in the optimizer, moved:", not torch.equal(backbone.weight, before))
