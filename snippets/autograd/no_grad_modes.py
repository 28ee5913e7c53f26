"""Four ways to keep autograd out: detach(), no_grad(), inference_mode(), requires_grad_(False)."""

import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)

detached = (w * 2).detach()  # cuts one tensor out of the graph (same memory, no history)
with torch.no_grad():  # nothing computed inside is recorded
    under_no_grad = w * 2
with torch.inference_mode():  # like no_grad, plus the results are marked as inference tensors
    under_inference = w * 2
frozen = torch.tensor([1.0, 2.0], requires_grad=True)
frozen.requires_grad_(False)  # a flag on one leaf: ops on it are no longer tracked
after_flag = frozen * 2

results = {
    "detach()": detached,
    "no_grad()": under_no_grad,
    "inference_mode()": under_inference,
    "requires_grad_(False)": after_flag,
}
flags = {name: (t.requires_grad, t.grad_fn, t.is_inference()) for name, t in results.items()}
for name, (requires_grad, grad_fn, inference) in flags.items():
    print(f"{name:22} requires_grad={requires_grad!s:5} grad_fn={grad_fn} is_inference={inference}")

# no_grad results are ordinary tensors: they can enter a graph later (as constants).
(under_no_grad * w).sum().backward()
print("backward through a no_grad result works, w.grad:", w.grad.tolist())

# Inference tensors cannot: autograd may not save them, and they refuse in-place changes outside the mode.
errors = []
for attempt in (lambda: (under_inference * w).sum().backward(), lambda: under_inference.add_(1)):
    try:
        attempt()
    except RuntimeError as err:
        errors.append(str(err))
        print("RuntimeError:", err)

# requires_grad can only be switched on leaves; a computed tensor must be detached instead.
try:
    (w * 2).requires_grad_(False)
except RuntimeError as err:
    leaf_error = str(err)
    print("RuntimeError:", err)

# set_grad_enabled(flag) is no_grad with a switch, handy for one loop serving train and eval.
with torch.set_grad_enabled(False):
    print("inside set_grad_enabled(False): (w * 2).requires_grad =", (w * 2).requires_grad)
