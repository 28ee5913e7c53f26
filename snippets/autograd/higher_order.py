"""autograd.grad returns gradients instead of filling .grad; create_graph=True makes them differentiable."""

import torch

x = torch.tensor(3.0, requires_grad=True)
y = x**3

# create_graph=True records the backward pass itself, so the gradient is a tensor with a history.
(dy_dx,) = torch.autograd.grad(y, x, create_graph=True)
print("dy/dx = 3x^2 at x=3:", dy_dx.item(), "| grad_fn:", type(dy_dx.grad_fn).__name__)
(d2y_dx2,) = torch.autograd.grad(dy_dx, x, create_graph=True)
print("d2y/dx2 = 6x at x=3:", d2y_dx2.item())
(d3y_dx3,) = torch.autograd.grad(d2y_dx2, x)
print("d3y/dx3 = 6:", d3y_dx3.item())
print("x.grad after three autograd.grad calls:", x.grad)  # grad() returns, it does not accumulate

# A penalty on the gradient (as in WGAN-GP) is backpropagated like any loss: d/dx (3x^2)^2 = 36x^3.
(g,) = torch.autograd.grad(x**3, x, create_graph=True)
(g**2).backward()
penalty_grad = x.grad.item()
print("x.grad of (dy/dx)^2:", penalty_grad)

# Without create_graph the gradient is a constant, and differentiating it again fails.
(plain,) = torch.autograd.grad(x**3, x)
print("without create_graph: requires_grad =", plain.requires_grad)
try:
    torch.autograd.grad(plain, x)
except RuntimeError as err:
    message = str(err)
    print("RuntimeError:", message)
