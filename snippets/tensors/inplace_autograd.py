"""Autograd and in-place ops: a leaf that requires grad refuses them; other tensors get a new grad_fn."""

import torch

# A leaf that requires grad refuses in-place changes: backward accumulates into its .grad, and an
# in-place op would make it a node of the graph, computed from its own old value.
weight = torch.ones(3, requires_grad=True)
try:
    weight.add_(1.0)
except RuntimeError as err:
    print("RuntimeError:", err)

# On a tensor that is not a leaf, autograd records an in-place op like any other.
hidden = weight * 2
print("hidden before add_:", type(hidden.grad_fn).__name__, "| version", hidden._version)
hidden.add_(1.0)
print("hidden after add_: ", type(hidden.grad_fn).__name__, "| version", hidden._version)
hidden.sum().backward()
print("weight.grad:", weight.grad.tolist(), "| weight is still a leaf:", weight.is_leaf)

# Updating parameters in place is done outside the graph, as optimizers do.
with torch.no_grad():
    weight.add_(1.0)
print("weight after no_grad add_:", weight.tolist(), "| requires_grad:", weight.requires_grad)
