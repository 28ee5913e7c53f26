"""Changing a detached tensor in place changes shared memory, and autograd notices at backward time."""

import torch

x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
y = x.sigmoid()  # sigmoid saves its output y to compute the gradient later
y_values = y.detach()
print("y._version before:", y._version)

# Zeroing the detached tensor zeroes y too: same memory, and the same version counter.
y_values.zero_()
print("y after y_values.zero_():", y.tolist(), "| y._version:", y._version)

# backward needs the y it saved, which is now overwritten: autograd refuses.
try:
    y.sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)

# resize_ and set_ on a detached tensor do not raise; they change the detached tensor's shape only,
# but still count as in-place changes on the shared version counter.
a = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
shrunk = a.detach()
shrunk.resize_(2)
print("after resize_(2): detached", tuple(shrunk.shape), "| a", tuple(a.shape), a.tolist())
print("a._version after resize_ on the detached tensor:", a._version)
shrunk.resize_(2)  # the same size again: nothing changes, the counter stays
print("a._version after resize_(2) to the same size:", a._version)

replaced = a.detach()
replaced.set_(torch.zeros(2, 2))  # now points at other memory altogether
print("after set_: detached", tuple(replaced.shape), "| a unchanged:", a.tolist())
print("set_ moved it off a's memory:", replaced.data_ptr() != a.data_ptr(), "| a._version:", a._version)

# On the original leaf, which requires grad, both still raise.
try:
    a.resize_(2)
except RuntimeError as err:
    print("a.resize_(2): RuntimeError:", err)
try:
    a.set_(torch.zeros(2))
except RuntimeError as err:
    print("a.set_(...): RuntimeError:", err)

# To change values without disturbing the graph, clone the detached tensor first.
x2 = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)
y2 = x2.sigmoid()
snapshot = y2.detach().clone()
snapshot.zero_()
y2.sum().backward()  # works: y2 itself was never touched
print("x2.grad with a cloned snapshot:", x2.grad)
