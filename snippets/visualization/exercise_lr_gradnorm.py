"""Exercise: log the learning rate of a scheduler and the gradient norm every step, then read them back."""

import torch
from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
from torch import nn
from torch.utils.tensorboard import SummaryWriter

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"
x = torch.randn(64, 8)  # made on the CPU: the same data everywhere
y = x @ torch.randn(8, 1) + 0.1 * torch.randn(64, 1)
x, y = x.to(device), y.to(device)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1)).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10, gamma=0.5)

with SummaryWriter("runs/sched") as writer:
    for step in range(30):
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        # clip_grad_norm_ returns the total norm before clipping: free to log.
        norm = nn.utils.clip_grad_norm_(model.parameters(), max_norm=2.0)
        writer.add_scalar("train/loss", loss.item(), step)
        writer.add_scalar("train/lr", scheduler.get_last_lr()[0], step)  # the lr this step used
        writer.add_scalar("train/grad_norm", norm.item(), step)
        optimizer.step()
        scheduler.step()  # after optimizer.step(), once per step here

acc = EventAccumulator("runs/sched").Reload()
print("tags:", sorted(acc.Tags()["scalars"]))
lr = [(e.step, e.value) for e in acc.Scalars("train/lr")]
print("lr changes at:", [(s, round(v, 4)) for i, (s, v) in enumerate(lr) if i == 0 or v != lr[i - 1][1]])
norms = [e.value for e in acc.Scalars("train/grad_norm")]
print(f"grad norm: first {norms[0]:.3f}, last {norms[-1]:.3f}, steps clipped {sum(n > 2.0 for n in norms)}")
loss = acc.Scalars("train/loss")
print(f"loss: step 0 {loss[0].value:.4f}, step 29 {loss[-1].value:.4f}")
