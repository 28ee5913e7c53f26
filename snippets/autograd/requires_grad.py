"""requires_grad: False for tensors you create unless you ask, and one tracked input is enough."""

import torch

# Tensors you create do not track gradients unless you ask.
created = {
    "torch.tensor([1.0, 2.0])": torch.tensor([1.0, 2.0]).requires_grad,
    "torch.arange(3.0)": torch.arange(3.0).requires_grad,
    "torch.zeros(3, requires_grad=True)": torch.zeros(3, requires_grad=True).requires_grad,
}
for expression, flag in created.items():
    print(f"{expression:36} requires_grad={flag}")

# Propagation: an op's output requires grad if at least one input does.
a = torch.ones(2)
b = torch.ones(2)
w = torch.ones(2, requires_grad=True)
propagated = {
    "a + b": (a + b).requires_grad,
    "a + w": (a + w).requires_grad,
    "(a * b).sum() * w": ((a * b).sum() * w).requires_grad,
    "w > 0": (w > 0).requires_grad,  # a boolean result: no gradient to speak of
    "w.argmax()": w.argmax().requires_grad,  # an integer index: the same
}
for expression, flag in propagated.items():
    print(f"{expression:18} requires_grad={flag}")

# Switching it on later works in place on a leaf: requires_grad_() returns the same tensor.
c = torch.ones(2)
returned_self = c.requires_grad_() is c
print("c.requires_grad_() is c:", returned_self, "| c.requires_grad:", c.requires_grad)

# Only floating-point (and complex) tensors can require gradients.
try:
    torch.tensor([1, 2], requires_grad=True)
except RuntimeError as err:
    print("RuntimeError:", err)
