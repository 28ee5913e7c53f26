"""A tensor hook sees a gradient during backward; if it returns a tensor, that replaces the gradient."""

import torch

w = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
h = w * w  # an intermediate: its gradient is normally dropped

# A hook on an intermediate sees its gradient without retain_grad(); returning None changes nothing.
seen = []
h.register_hook(lambda grad: seen.append(grad.tolist()))
# A hook on the leaf returns a new gradient: clamped to [-1, 1] before it is stored in w.grad.
handle = w.register_hook(lambda grad: grad.clamp(-1.0, 1.0))
(h * 3).sum().backward()
print("gradient reaching h:", seen[0])
print("w.grad with the clamping hook:", w.grad.tolist(), "(unclamped: 6w)")

# register_hook returns a handle; remove() takes the hook off.
handle.remove()
w.grad = None
(w * w * 3).sum().backward()
unhooked = w.grad.tolist()
print("w.grad after handle.remove():", unhooked)

# A hook that changes an intermediate's gradient changes everything upstream of it too.
w.grad = None
h = w * w
h.register_hook(lambda grad: grad * 0.5)
(h * 3).sum().backward()
halved = w.grad.tolist()
print("w.grad with h's gradient halved:", halved)
