"""Exercise: accumulate gradients over micro-batches so that they equal the whole batch's gradient."""

import torch

torch.manual_seed(0)
x = torch.randn(8, 3)
y = torch.randn(8)
w = torch.randn(3, requires_grad=True)
b = torch.zeros(1, requires_grad=True)


def mse(xb, yb):
    """The mean squared error over the samples it is given."""
    return ((xb @ w + b - yb) ** 2).mean()


def grads():
    """w.grad and b.grad in one vector, then cleared for the next experiment."""
    both = torch.cat([w.grad, b.grad])
    w.grad = None
    b.grad = None
    return both


# The reference: one backward over the whole batch of 8.
mse(x, y).backward()
whole = grads()

# 4 micro-batches of 2: .grad adds up the backward calls, and each loss divided by 4 makes the sum a mean.
for start in range(0, 8, 2):
    (mse(x[start : start + 2], y[start : start + 2]) / 4).backward()
print("4 micro-batches, loss / 4, equal the whole batch:", torch.allclose(grads(), whole))

# Forgetting the division gives 4 times the gradient, as if the learning rate were 4 times larger.
for start in range(0, 8, 2):
    mse(x[start : start + 2], y[start : start + 2]).backward()
ratio = (grads() / whole).mean().item()
print(f"without / 4, gradient / whole batch's: {ratio:.4f}")

# Unequal micro-batches (3, 3, 2): weight each mean by its share of the samples, not by 1 / 3.
for start in range(0, 8, 3):
    xb = x[start : start + 3]
    (mse(xb, y[start : start + 3]) * len(xb) / len(x)).backward()
print("micro-batches 3, 3, 2 weighted by size equal the whole batch:", torch.allclose(grads(), whole))
for start in range(0, 8, 3):
    (mse(x[start : start + 3], y[start : start + 3]) / 3).backward()
print("the same divided by 3 equal the whole batch:", torch.allclose(grads(), whole))
