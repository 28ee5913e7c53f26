"""backward() adds into .grad instead of overwriting it, so gradients must be cleared between steps."""

import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
history = []
for step in range(3):
    loss = (w * w).sum()  # d loss / dw = 2w = [2, 4]: w is used twice, one backward adds both uses
    loss.backward()
    history.append(w.grad.tolist())
    print(f"after backward #{step + 1}: w.grad = {history[-1]}")

# One way to clear: set .grad to None; the next backward allocates a fresh gradient.
w.grad = None
(w * w).sum().backward()
after_none = w.grad.tolist()
print("after w.grad = None and one more backward:", after_none)

# The other: zero it in place; the next backward adds into the same tensor.
grad_tensor = w.grad
w.grad.zero_()
(w * w).sum().backward()
after_zero = w.grad.tolist()
print("after w.grad.zero_() and one more backward:", after_zero, "| same tensor:", w.grad is grad_tensor)

# backward() without arguments needs a scalar; for a vector output pass the vector to multiply by.
v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = v * 10
try:
    out.backward()
except RuntimeError as err:
    print("RuntimeError:", err)
out.backward(gradient=torch.ones(3))  # same as out.sum().backward()
print("v.grad with gradient=ones:", v.grad.tolist())
