"""A trailing underscore means in place: a.add_(x) changes a; a.add(x) returns a new tensor."""

import torch

a = torch.empty(2, 3)
same_as_a = a.fill_(3.5)  # in place: fills a and returns a itself
print("fill_ returns a itself:", same_as_a is a)
print("a:", a.tolist())

# Out of place: a new tensor comes back, a is untouched.
b = a.add(4.0)
print("b = a.add(4.0):", b.tolist())
print("a afterwards:  ", a.tolist())
print("b is a:", b is a, "| shares memory:", b.data_ptr() == a.data_ptr())

# In place: a itself changes, and the return value is a again.
c = a.add_(4.0)
print("a after a.add_(4.0):", a.tolist())
print("c is a:", c is a)

# Operators split the same way: x = x + 1 builds a new tensor, y += 1 changes y in place.
x = torch.zeros(2)
x_before = x
x = x + 1
y = torch.zeros(2)
y_before = y
y += 1
print("old tensor after x = x + 1:", x_before.tolist())
print("old tensor after y += 1:   ", y_before.tolist())

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
