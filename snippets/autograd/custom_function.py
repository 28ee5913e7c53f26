"""A custom autograd.Function: forward computes, backward returns the gradient; gradcheck verifies it."""

import torch
from torch.autograd.gradcheck import GradcheckError


class SiLU(torch.autograd.Function):
    """y = x * sigmoid(x), with a hand-written derivative."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)  # keep what backward needs, nothing more
        return x * torch.sigmoid(x)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        s = torch.sigmoid(x)
        return grad_output * (s + x * s * (1 - s))  # one gradient per forward input


class BrokenSiLU(SiLU):
    """The same forward, with a term missing from the derivative."""

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.sigmoid(x)


print("torch.Function exists:", hasattr(torch, "Function"), "| the base class is torch.autograd.Function")
x = torch.tensor([-2.0, 0.0, 1.5], requires_grad=True)
y = SiLU.apply(x)  # call through .apply, never forward() directly
print("y:", [round(v, 4) for v in y.tolist()], "| grad_fn:", type(y.grad_fn).__name__)
y.sum().backward()
custom_grad = x.grad.clone()

# Compare with PyTorch's own silu.
x.grad = None
torch.nn.functional.silu(x).sum().backward()
print("custom grad: ", [round(v, 4) for v in custom_grad.tolist()])
print("builtin grad:", [round(v, 4) for v in x.grad.tolist()])

# gradcheck compares backward with finite differences; use float64 so rounding does not get in the way.
torch.manual_seed(0)
inputs = (torch.randn(5, dtype=torch.float64, requires_grad=True),)
passed = torch.autograd.gradcheck(SiLU.apply, inputs)
print("gradcheck(SiLU):", passed)
try:
    torch.autograd.gradcheck(BrokenSiLU.apply, inputs)
except GradcheckError as err:  # a RuntimeError subclass
    broken_message = str(err).splitlines()[0].rstrip(",")  # the Jacobians follow
    print("GradcheckError:", broken_message)
