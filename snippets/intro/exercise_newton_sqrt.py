"""Exercise: autograd differentiates through a Python loop whose length depends on the input."""

import torch


def newton_sqrt(a):
    """Newton's method for sqrt(a): iterate until y * y matches a; the step count depends on a."""
    y = torch.ones_like(a)
    steps = 0
    while ((y * y - a).abs() > 1e-12 * a).item():
        y = (y + a / y) / 2
        steps += 1
    return y, steps


steps_taken, grads = {}, {}
for value in (2.0, 100.0, 1e6):
    a = torch.tensor(value, dtype=torch.float64, requires_grad=True)
    root, steps = newton_sqrt(a)
    root.backward()  # back through exactly the `steps` iterations this input ran
    exact = 0.5 / value**0.5  # d sqrt(a) / da
    steps_taken[value], grads[value] = steps, a.grad.item()
    print(f"a = {value:g}: steps = {steps}, sqrt = {root.item():.6f}")
    print(f"    a.grad = {a.grad.item():.6e}, 1 / (2 sqrt(a)) = {exact:.6e}")
