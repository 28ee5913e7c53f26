"""Exercise: averaging the ranks' mean gradients gives the global batch's only when batch sizes are equal."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
x, y = torch.randn(8, 3), torch.randn(8, 1)


def grad(loss_of_batch, batches):
    """One process plays every rank: each computes its gradient, then DDP's hook averages them."""
    per_rank = []
    for xb, yb in batches:
        model.zero_grad()
        loss_of_batch(xb, yb).backward()
        per_rank.append(model.weight.grad.clone())
    return sum(g / len(batches) for g in per_rank)  # divide by world size, all-reduce a sum


def mean_loss(xb, yb):
    return nn.functional.mse_loss(model(xb), yb)  # what a training loop usually writes


whole = grad(mean_loss, [(x, y)])  # one process, the whole batch of 8
equal = grad(mean_loss, [(x[:4], y[:4]), (x[4:], y[4:])])  # 4 + 4
uneven = grad(mean_loss, [(x[:3], y[:3]), (x[3:], y[3:])])  # 3 + 5: the ranks' samples weigh differently
print(f"4 + 4 samples, mean loss: largest difference {(equal - whole).abs().max():.1e}")
print(f"3 + 5 samples, mean loss: largest difference {(uneven - whole).abs().max():.1e}")

# Fix: sum the losses and divide by the global number of samples (known to every rank after an
# all-reduce of the counts), times world size to undo DDP's division.
world, total = 2, 8


def global_mean_loss(xb, yb):
    return nn.functional.mse_loss(model(xb), yb, reduction="sum") * world / total


fixed = grad(global_mean_loss, [(x[:3], y[:3]), (x[3:], y[3:])])
print(f"3 + 5 samples, sum * world / total: largest difference {(fixed - whole).abs().max():.1e}")
