"""Gradient descent by hand: loss, backward, update under torch.no_grad(), clear .grad, repeat."""

import torch

x = torch.linspace(-1, 1, 20)
y = 2 * x + 1  # the line to recover: w = 2, b = 1
lr = 0.5  # the learning rate: how far each step goes against the gradient


def fit(steps, clear_grad=True):
    w = torch.zeros(1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    losses = []
    for _ in range(steps):
        prediction = w * x + b
        loss = ((prediction - y) ** 2).mean()  # mean squared error
        loss.backward()  # fills w.grad and b.grad
        with torch.no_grad():  # the update is not part of the model: keep it out of the graph
            w -= lr * w.grad
            b -= lr * b.grad
        if clear_grad:
            w.grad = None  # otherwise the next backward adds to this step's gradient
            b.grad = None
        losses.append(loss.item())
    return w, b, losses


w, b, losses = fit(100)
for step in (0, 1, 2, 10, 99):
    print(f"step {step:3}: loss = {losses[step]:.6f}")
print(f"fitted: w = {w.item():.4f}, b = {b.item():.4f}")
print("w after the updates: is_leaf =", w.is_leaf, "| requires_grad =", w.requires_grad)

# Forget to clear .grad: every step moves by the sum of all gradients so far.
w_stale, b_stale, stale_losses = fit(100, clear_grad=False)
print(f"without clearing .grad: w = {w_stale.item():.4f}, b = {b_stale.item():.4f}")

# Update outside no_grad: autograd refuses an in-place change of a leaf it tracks.
w = torch.zeros(1, requires_grad=True)
((w * x - y) ** 2).mean().backward()
try:
    w -= lr * w.grad
except RuntimeError as err:
    print("update outside no_grad: RuntimeError:", err)

# Rebind instead of updating in place: the name w now points to a new tensor that is not tracked.
with torch.no_grad():
    w = w - lr * w.grad
print("after w = w - lr * w.grad: requires_grad =", w.requires_grad)
