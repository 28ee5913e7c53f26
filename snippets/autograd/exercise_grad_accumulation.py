"""Exercise: accumulate gradients over micro-batches so that they equal the whole batch's gradient."""

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
x, y = torch.randn(8, 3).to(device), torch.randn(8, 1).to(device)
model = nn.Linear(3, 1).to(device)
loss_fn = nn.MSELoss()  # the mean over the batch


def grads():
    return torch.cat([p.grad.flatten() for p in model.parameters()])


# The reference: one backward over the whole batch of 8.
loss_fn(model(x), y).backward()
whole = grads()

# 4 micro-batches of 2: .grad adds up the backward calls, and each loss divided by 4 makes the sum a mean.
model.zero_grad()
for xb, yb in zip(x.chunk(4), y.chunk(4), strict=True):
    (loss_fn(model(xb), yb) / 4).backward()
print("4 micro-batches, loss / 4, equal the whole batch:", torch.allclose(grads(), whole))

# Forgetting the division gives 4 times the gradient, as if the learning rate were 4 times larger.
model.zero_grad()
for xb, yb in zip(x.chunk(4), y.chunk(4), strict=True):
    loss_fn(model(xb), yb).backward()
ratio = (grads() / whole).mean().item()
print(f"without / 4, gradient / whole batch's: {ratio:.4f}")

# Unequal micro-batches (3, 3, 2): weight each mean by its share of the samples, not by 1 / 3.
model.zero_grad()
for xb, yb in zip(x.split(3), y.split(3), strict=True):
    (loss_fn(model(xb), yb) * len(xb) / len(x)).backward()
print("micro-batches 3, 3, 2 weighted by size equal the whole batch:", torch.allclose(grads(), whole))
model.zero_grad()
for xb, yb in zip(x.split(3), y.split(3), strict=True):
    (loss_fn(model(xb), yb) / 3).backward()
print("the same divided by 3 equal the whole batch:", torch.allclose(grads(), whole))
model.zero_grad()  # set_to_none=True: every .grad is None again
print("after zero_grad():", [p.grad for p in model.parameters()])
