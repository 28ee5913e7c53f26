"""backward() frees the graph's saved values; a second backward needs retain_graph=True on the first."""

import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x * x).sum()  # mul saves x for its backward
y.backward()
first = x.grad.tolist()
print("first backward, x.grad:", first)

# The saved values are gone now, so walking the same graph again fails.
try:
    y.backward()
except RuntimeError as err:
    message = str(err)
    print("RuntimeError:", message)

# retain_graph=True keeps them; the second pass then adds into .grad as usual.
x.grad = None
y = (x * x).sum()
y.backward(retain_graph=True)
y.backward()
twice = x.grad.tolist()
print("two backward passes with retain_graph=True, x.grad:", twice)

# Often the real fix is to add the losses and call backward once.
x.grad = None
shared = x * x
loss_a, loss_b = shared.sum(), (shared * 3).sum()
(loss_a + loss_b).backward()
combined = x.grad.tolist()
print("one backward on loss_a + loss_b, x.grad:", combined)

# Ops that save nothing (here an addition) can be walked twice; the rule is about saved values.
z = (x + 1).sum()
z.backward()
z.backward()
print("x + 1 walked twice without retain_graph: no error")
