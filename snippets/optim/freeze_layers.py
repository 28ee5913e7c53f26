"""Freeze part of a model with requires_grad_(False); only the rest gets gradients and is trained."""

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2)).to(device)  # "backbone" and "head"

# Freeze the first layer, as when fine-tuning a pretrained backbone.
for param in model[0].parameters():
    param.requires_grad_(False)

trainable = [name for name, p in model.named_parameters() if p.requires_grad]
print("trainable:", trainable)

# Give the optimizer only what should change.
optimizer = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=0.1)
print("parameters in the optimizer:", sum(len(group["params"]) for group in optimizer.param_groups))

before = {name: p.detach().clone() for name, p in model.named_parameters()}
x = torch.randn(16, 4, device=device)
target = torch.randint(0, 2, (16,), device=device)
loss = nn.functional.cross_entropy(model(x), target)
loss.backward()

has_grad = {name: p.grad is not None for name, p in model.named_parameters()}
for name, got in has_grad.items():
    print(f"{name:9} grad computed: {got}")

optimizer.step()
changed = {name: not torch.equal(p, before[name]) for name, p in model.named_parameters()}
print("changed by optimizer.step():", [name for name, moved in changed.items() if moved])

# Why filter: a frozen parameter left with a zero gradient is still moved by weight decay.
stale = nn.Parameter(torch.ones(2, device=device))
stale.grad = torch.zeros(2, device=device)  # e.g. left over from zero_grad(set_to_none=False)
stale.requires_grad_(False)
torch.optim.SGD([stale], lr=0.1, weight_decay=0.1).step()
print("frozen but handed to SGD(weight_decay=0.1):", [round(v, 4) for v in stale.tolist()])

# eval() is a different switch: it changes layers such as dropout, not which parameters get gradients.
model.eval()
print("after model.eval(), head weight requires_grad:", model[2].weight.requires_grad)
