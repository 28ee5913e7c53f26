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

# An in-place op can broadcast only its right operand: the tensor being changed keeps its shape.
target = torch.zeros(2, 3)
target.add_(torch.tensor([1.0, 2.0, 3.0]))
print("zeros(2, 3).add_(3 values):", target.tolist())
try:
    torch.zeros(3).add_(torch.ones(2, 3))
except RuntimeError as err:
    print("RuntimeError:", err)
