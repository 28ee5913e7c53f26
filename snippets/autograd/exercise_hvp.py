"""Exercise: a Hessian-vector product from two gradients, without building the Hessian."""

import torch


def f(x):
    return (x * x).sum() ** 2  # f = (x1^2 + x2^2)^2, its Hessian is not diagonal


x = torch.tensor([1.0, 2.0], requires_grad=True)
v = torch.tensor([1.0, 0.0])

# First gradient, kept differentiable: g = 4 * (x . x) * x
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
print("gradient:", g.tolist())

# The gradient of g . v is H v: one more backward, no 2 x 2 matrix.
(hv,) = torch.autograd.grad(g @ v, x)
print("H v via autograd.grad:", hv.tolist())

# Check against the whole Hessian (n x n: fine here, too big for a real model).
hessian = torch.autograd.functional.hessian(f, x.detach())
print("full Hessian:", hessian.tolist())
print("Hessian @ v:", (hessian @ v).tolist())
print("x.grad after all this:", x.grad)
