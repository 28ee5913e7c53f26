"""clip_grad_norm_ returns the total gradient norm, then scales the gradients down to max_norm if above it."""

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Linear(3, 2).to(device)
x, y = torch.randn(8, 3).to(device), 10 * torch.randn(8, 2).to(device)  # large targets, large gradient
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

optimizer.zero_grad()
nn.functional.mse_loss(model(x), y).backward()
before = [p.grad.clone() for p in model.parameters()]
total = nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)  # after backward, before step
optimizer.step()  # the step uses the clipped gradients

by_hand = torch.linalg.vector_norm(torch.cat([g.flatten() for g in before]))  # all gradients as one vector
scale = 1.0 / (total + 1e-6)  # max_norm / (total + 1e-6)
after = [p.grad for p in model.parameters()]
print(f"returned: {total.item():.4f} | norm by hand: {by_hand.item():.4f}")
print(f"scale: {scale.item():.6f}")
print(
    "every gradient = before * scale:",
    all(torch.equal(a, b * scale) for a, b in zip(after, before, strict=True)),
)
print(f"norm after clipping: {nn.utils.get_total_norm(after).item():.4f}")

# Below max_norm the factor is clamped to 1: nothing changes.
kept = [g.clone() for g in after]
again = nn.utils.clip_grad_norm_(model.parameters(), max_norm=5.0)
unchanged = all(torch.equal(a, b) for a, b in zip(kept, after, strict=True))
print(f"returned {again.item():.4f} < max_norm 5.0, unchanged: {unchanged}")

# clip_grad_value_ clamps each element instead: the direction changes.
bias = model.bias
bias.grad = before[1].clone()
nn.utils.clip_grad_value_([bias], clip_value=1.0)
print("bias gradient before:      ", [round(v, 4) for v in before[1].tolist()])
print("clip_grad_norm_ (max 1.0): ", [round(v, 4) for v in kept[1].tolist()])
print("clip_grad_value_ (1.0):    ", [round(v, 4) for v in bias.grad.tolist()])
