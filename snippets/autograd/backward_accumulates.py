"""backward() adds into .grad instead of overwriting it, which is why training loops zero gradients."""

import torch
from torch import nn

w = torch.tensor([1.0, 2.0], requires_grad=True)
arrivals = []  # what reaches w in each backward: w is used twice in w * w, the engine sums both uses
w.register_hook(lambda grad: arrivals.append(grad.tolist()))
history = []
for step in range(3):
    loss = (w * w).sum()  # d loss / dw = 2w = [2, 4] every time
    loss.backward()
    history.append(w.grad.tolist())
    print(f"after backward #{step + 1}: w.grad = {history[-1]}")
print(f"hook on w fired {len(arrivals)} times, each with {arrivals[0]}")

# Reset by hand: set .grad to None (what zero_grad does by default) or zero it in place.
w.grad = None
(w * w).sum().backward()
after_reset = w.grad.tolist()
print("after w.grad = None and one more backward:", after_reset)

# In a training loop the optimizer resets every parameter it holds; forget it and old gradients leak in.
x, target = torch.tensor([[1.0, -1.0]]), torch.tensor([[0.5]])
weight_grads = {}
after_zero_grad = []
for reset in (True, False):
    model = nn.Linear(2, 1)
    with torch.no_grad():  # fixed starting weights so the numbers are easy to follow
        model.weight.copy_(torch.tensor([[0.5, -0.5]]))
        model.bias.zero_()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    weight_grads[reset] = []
    for _ in range(2):
        if reset:
            optimizer.zero_grad()  # set_to_none=True by default: .grad becomes None, not zeros
            after_zero_grad.append(model.weight.grad)
        nn.functional.mse_loss(model(x), target).backward()
        weight_grads[reset].append([round(g, 4) for g in model.weight.grad.flatten().tolist()])
        optimizer.step()
    print(f"zero_grad() each step: {reset!s:5} -> weight.grad per step: {weight_grads[reset]}")
print("weight.grad right after each zero_grad():", after_zero_grad)

# backward() without arguments needs a scalar; for a vector output pass the vector to multiply by.
v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = v * 10
try:
    out.backward()
except RuntimeError as err:
    print("RuntimeError:", err)
out.backward(gradient=torch.ones(3))  # same as out.sum().backward()
print("v.grad with gradient=ones:", v.grad.tolist())
