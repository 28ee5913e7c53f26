"""An optimizer keeps references to the parameters and updates them from .grad: SGD with momentum, Adam."""

import torch
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def rounded(t: torch.Tensor) -> list[float]:
    return [round(v, 4) for v in t.tolist()]


# One parameter and the loss sum(w ** 2), whose gradient is 2 * w.
w = nn.Parameter(torch.tensor([1.0, -2.0], device=device))
sgd = torch.optim.SGD([w], lr=0.1, momentum=0.9)
print("optimizer holds the very same tensor:", sgd.param_groups[0]["params"][0] is w)
print("w.grad before any backward:", w.grad)

# SGD with momentum: buf = momentum * buf + grad, then w -= lr * buf (the first buf is the grad itself).
expected, buf = w.detach().clone(), None
for step in range(3):
    sgd.zero_grad()
    loss = (w**2).sum()
    loss.backward()
    grad = w.grad.clone()
    sgd.step()
    buf = grad if buf is None else 0.9 * buf + grad
    expected -= 0.1 * buf
    momentum = sgd.state[w]["momentum_buffer"]
    print(f"SGD step {step}: grad {rounded(grad)} -> w {rounded(w)}")
print("SGD matches the rule by hand:", torch.allclose(w, expected))
print("momentum buffer == our buf:", torch.allclose(momentum, buf))

# Adam scales each coordinate by a running estimate of its gradient size, so the first step is
# about lr in every coordinate, whatever the gradient's magnitude: here grads are 2 and -400.
v = nn.Parameter(torch.tensor([1.0, -200.0], device=device))
adam = torch.optim.Adam([v], lr=0.1)  # betas=(0.9, 0.999), eps=1e-8 by default
(v**2).sum().backward()
adam.step()
print("Adam one step:", rounded(v), "<- each moved by 0.1")
print("Adam state per parameter:", sorted(adam.state[v]))

# The same first step with plain SGD moves by lr * grad instead: 0.2 and 40.
u = nn.Parameter(torch.tensor([1.0, -200.0], device=device))
plain = torch.optim.SGD([u], lr=0.1)
(u**2).sum().backward()
plain.step()
print("SGD one step: ", rounded(u))

# zero_grad() sets .grad to None (the default since torch 2.0), not to zeros.
plain.zero_grad()
print("after zero_grad():", u.grad)
