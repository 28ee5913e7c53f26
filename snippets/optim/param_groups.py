"""Parameter groups give parts of a model their own settings, such as a smaller learning rate."""

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1)).to(device)
body, head = model[0], model[2]

# Each dict is a group; keys it leaves out (momentum here, lr for the head) take the defaults.
optimizer = torch.optim.SGD(
    [
        {"params": body.parameters(), "lr": 0.01},  # e.g. pretrained layers: small steps
        {"params": head.parameters()},  # a fresh head: the default lr below
    ],
    lr=0.1,
    momentum=0.9,
)
for i, group in enumerate(optimizer.param_groups):
    shapes = [tuple(p.shape) for p in group["params"]]
    print(f"group {i}: lr={group['lr']} momentum={group['momentum']} params={shapes}")

# One step: on the first step with momentum, every parameter moves by exactly lr * grad.
x, y = torch.randn(16, 4).to(device), torch.randn(16, 1).to(device)  # drawn on the CPU: same on any device
before = [p.detach().clone() for p in model.parameters()]
nn.functional.mse_loss(model(x), y).backward()
optimizer.step()
for (name, p), old in zip(model.named_parameters(), before, strict=True):
    ratio = ((old - p.detach()).norm() / p.grad.norm()).item()  # the lr that was applied
    print(f"{name:<9} moved by {ratio:.4f} * grad")

# Learning rates live in param_groups and can be changed there (this is what schedulers do).
for group in optimizer.param_groups:
    group["lr"] *= 0.5
print("halved:", [group["lr"] for group in optimizer.param_groups])

# A group can be added later, e.g. when unfreezing a layer.
extra = nn.Linear(1, 1).to(device)
optimizer.add_param_group({"params": extra.parameters(), "lr": 0.001})
new = optimizer.param_groups[-1]
print(f"groups now: {len(optimizer.param_groups)} | new one: lr={new['lr']} momentum={new['momentum']}")

# A parameter may belong to one group only.
try:
    torch.optim.SGD([{"params": body.parameters()}, {"params": body.parameters()}], lr=0.1)
except ValueError as err:
    print("ValueError:", err)
