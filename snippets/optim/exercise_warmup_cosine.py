"""Exercise: linear warm-up then cosine decay from built-in schedulers, checked and resumed."""

import math

import torch
from torch import nn
from torch.optim.lr_scheduler import CosineAnnealingLR, LinearLR, SequentialLR

base_lr, warmup, epochs = 0.1, 3, 10


def make(params):
    optimizer = torch.optim.SGD(params, lr=base_lr)
    warm = LinearLR(optimizer, start_factor=0.1, total_iters=warmup)
    cosine = CosineAnnealingLR(optimizer, T_max=epochs - warmup)
    scheduler = SequentialLR(optimizer, [warm, cosine], milestones=[warmup])  # cosine from epoch `warmup` on
    return optimizer, scheduler


def formula(epoch):
    if epoch < warmup:  # from 0.1 * base_lr up to base_lr in a straight line
        return base_lr * (0.1 + 0.9 * epoch / warmup)
    return base_lr / 2 * (1 + math.cos(math.pi * (epoch - warmup) / (epochs - warmup)))


def run(optimizer, scheduler, n):
    used = []
    for _ in range(n):
        used.append(optimizer.param_groups[0]["lr"])
        optimizer.step()  # the training steps of one epoch would go here
        scheduler.step()
    return used


w = nn.Parameter(torch.zeros(1))
straight = run(*make([w]), epochs)
print("lr per epoch:", " ".join(f"{lr:.4f}" for lr in straight))
print("matches the formula:", all(math.isclose(a, formula(e)) for e, a in enumerate(straight)))

# Stop after 5 epochs, save both state_dicts, resume into a fresh optimizer and scheduler.
optimizer, scheduler = make([w])
first = run(optimizer, scheduler, 5)
saved = {"optimizer": optimizer.state_dict(), "scheduler": scheduler.state_dict()}
optimizer, scheduler = make([w])
optimizer.load_state_dict(saved["optimizer"])
scheduler.load_state_dict(saved["scheduler"])
print("resumed with both state_dicts, same schedule:", first + run(optimizer, scheduler, 5) == straight)

# The lr itself lives in optimizer.param_groups: the scheduler's state alone is not enough.
optimizer, scheduler = make([w])
scheduler.load_state_dict(saved["scheduler"])
broken = first + run(optimizer, scheduler, 5)
print("scheduler state only:", " ".join(f"{lr:.4f}" for lr in broken))
