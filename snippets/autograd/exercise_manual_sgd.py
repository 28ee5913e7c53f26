"""Exercise: gradient descent by hand; update under torch.no_grad(), clear .grad after every step."""

import torch

x = torch.linspace(-1, 1, 20)
y = 2 * x + 1  # the line to recover: w = 2, b = 1
lr = 0.5


def fit(steps, clear_grad=True):
    w = torch.zeros(1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    for _ in range(steps):
        loss = ((w * x + b - y) ** 2).mean()
        loss.backward()
        with torch.no_grad():  # the update is not part of the model: do not record it
            w -= lr * w.grad
            b -= lr * b.grad
        if clear_grad:
            w.grad = None  # what optimizer.zero_grad() does
            b.grad = None
    return w, b, loss.item()


w, b, loss = fit(100)
print(f"fitted: w = {w.item():.4f}, b = {b.item():.4f}, loss = {loss:.2e}")
print("w after the updates: is_leaf =", w.is_leaf, "| requires_grad =", w.requires_grad)

w, b, loss = fit(100, clear_grad=False)
print(f"without clearing .grad: w = {w.item():.4f}, b = {b.item():.4f}, loss = {loss:.2e}")

# Updating outside no_grad: autograd refuses an in-place change of a leaf it tracks.
w = torch.zeros(1, requires_grad=True)
((w * x - y) ** 2).mean().backward()
try:
    w -= lr * w.grad
except RuntimeError as err:
    print("update outside no_grad: RuntimeError:", err)

# Rebinding instead of updating in place: the new w is no longer tracked.
with torch.no_grad():
    w = w - lr * w.grad
print("after w = w - lr * w.grad: requires_grad =", w.requires_grad)
