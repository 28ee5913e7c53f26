"""Exercise: the zero-gradient step of broadcast_optimizer_state shrinks Adam's first real update."""

import torch
from torch import nn

x, y = torch.randn(16, 4, generator=torch.Generator().manual_seed(1)), torch.ones(16, 1)


def train(zero_step_first: bool, steps: int = 3) -> list[torch.Tensor]:
    """Adam from the same start; optionally first do what Horovod does to a fresh optimizer."""
    torch.manual_seed(0)
    model = nn.Linear(4, 1)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    if zero_step_first:  # broadcast_optimizer_state on an empty state: zero gradients, then step()
        for p in model.parameters():
            p.grad = torch.zeros_like(p)
        optimizer.step()
    updates = []
    for _ in range(steps):
        before = model.weight.detach().clone()
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
        updates.append(model.weight.detach() - before)
    return updates


fresh, horovod = train(False), train(True)
for step, (a, b) in enumerate(zip(fresh, horovod, strict=True), start=1):
    ratio = (b / a).mean().item()
    print(f"real step {step}: update after the zero step / fresh Adam's update = {ratio:.4f}")

# By hand for step 1: with Adam's bias correction at step 2 instead of step 1, m_hat / sqrt(v_hat) is
# (0.1 / (1 - 0.9**2)) / sqrt(0.001 / (1 - 0.999**2)) times g / |g|, instead of exactly g / |g|.
expected = (0.1 / (1 - 0.9**2)) / (0.001 / (1 - 0.999**2)) ** 0.5
print(f"predicted ratio for step 1: {expected:.4f}")
