"""Exercise: check a gradient from backward() against central finite differences."""

import torch


def f(x):
    """A scalar function of a vector; its gradient is 2 x sin(x) + x^2 cos(x)."""
    return (torch.sin(x) * x**2).sum()


def numeric_gradient(x, h):
    """(f(x + h e_i) - f(x - h e_i)) / 2h for every coordinate i; nothing here is recorded."""
    grad = torch.zeros_like(x)
    with torch.no_grad():
        for i in range(len(x)):
            up = x.clone()
            up[i] += h
            down = x.clone()
            down[i] -= h
            grad[i] = (f(up) - f(down)) / (2 * h)
    return grad


# A smaller h cuts the truncation error of the difference but adds rounding error: float32 shows it first.
gaps = {}
for dtype in (torch.float64, torch.float32):
    name = str(dtype)
    x = torch.tensor([0.5, -1.0, 2.0], dtype=dtype, requires_grad=True)
    f(x).backward()
    print(f"{name:13} backward() gives {[round(g, 4) for g in x.grad.tolist()]}")
    for h in (1e-2, 1e-4, 1e-6):
        gap = (x.grad - numeric_gradient(x, h)).abs().max().item()
        gaps[(name, h)] = gap
        print(f"{name:13} h = {h:.0e}: largest gap {gap:.1e}")

# The formula agrees with backward(): autograd applied the chain rule for us.
x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64, requires_grad=True)
f(x).backward()
with torch.no_grad():
    formula = 2 * x * torch.sin(x) + x**2 * torch.cos(x)
print("backward() equals the formula:", torch.allclose(x.grad, formula))
