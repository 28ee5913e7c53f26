"""backward() adds into .grad: four micro-batches, each loss divided by 4, give one big batch's gradient."""

import copy

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

x, y = torch.randn(32, 4).to(device), torch.randn(32, 1).to(device)
big = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 1)).to(device)
small = copy.deepcopy(big)  # identical starting weights
loss_fn = nn.MSELoss()  # reduction="mean": each micro-batch loss is a mean over 8 samples
opt_big = torch.optim.SGD(big.parameters(), lr=0.1)
opt_small = torch.optim.SGD(small.parameters(), lr=0.1)

# One batch of 32.
opt_big.zero_grad()
loss_fn(big(x), y).backward()
opt_big.step()

# Four micro-batches of 8: backward adds into .grad, so step only once, after the last one.
n_micro = 4
opt_small.zero_grad()
for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro), strict=True):
    loss = loss_fn(small(xb), yb) / n_micro  # mean of 4 means of 8 = mean of 32
    loss.backward()
grads_small = [p.grad.clone() for p in small.parameters()]
opt_small.step()

pairs = list(zip([p.grad for p in big.parameters()], grads_small, strict=True))
same_grads = all(torch.allclose(a, b, atol=1e-6) for a, b in pairs)
bit_identical = all(torch.equal(a, b) for a, b in pairs)  # sums in another order round differently
params = list(zip(big.parameters(), small.parameters(), strict=True))
same_params = all(torch.allclose(a, b, atol=1e-6) for a, b in params)
print("accumulated grads allclose to the big batch:", same_grads, "| bit-identical:", bit_identical)
print("parameters after the step allclose:", same_params)

# Forgetting to divide by n_micro gives n_micro times the gradient (a 4x larger step).
undivided = copy.deepcopy(big)
for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro), strict=True):
    loss_fn(undivided(xb), yb).backward()
reference = copy.deepcopy(big)
loss_fn(reference(x), y).backward()
ratio = (undivided[0].weight.grad.norm() / reference[0].weight.grad.norm()).item()
print(f"without / n_micro the gradient is {ratio:.4f} times too large")

# With reduction="sum" the micro-batch losses simply add up to the big-batch loss: no division.
summed = copy.deepcopy(reference)
summed.zero_grad()
for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro), strict=True):
    nn.functional.mse_loss(summed(xb), yb, reduction="sum").backward()
reference.zero_grad()
nn.functional.mse_loss(reference(x), y, reduction="sum").backward()
print("reduction='sum' both ways allclose:", torch.allclose(summed[0].weight.grad, reference[0].weight.grad))
