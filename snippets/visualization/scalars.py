# figure: loss_curve.png
"""Log loss curves with tensorboardX's add_scalar / add_scalars, read the event files back, draw them."""

from pathlib import Path

import matplotlib
import torch
from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
from tensorboardX import SummaryWriter
from torch import nn

matplotlib.use("Agg")  # draw to a file, no window
import matplotlib.pyplot as plt

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"
# Data made on the CPU so it is the same on every machine; y = 2x + 1 plus noise.
x = torch.linspace(-1, 1, 80).unsqueeze(1)
y = 2 * x + 1 + 0.2 * torch.randn_like(x)
x_train, y_train, x_val, y_val = x[::2].to(device), y[::2].to(device), x[1::2].to(device), y[1::2].to(device)

model = nn.Linear(1, 1).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loss_fn = nn.MSELoss()

writer = SummaryWriter("runs/linear")  # one folder per run: TensorBoard lists it as "linear"
for step in range(30):
    loss = loss_fn(model(x_train), y_train)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    with torch.no_grad():
        val_loss = loss_fn(model(x_val), y_val)
    writer.add_scalar("loss/train", loss.item(), step)  # tag, value, step (the x axis)
    # Several curves in one chart: each key becomes its own run folder, runs/linear/loss/<key>.
    writer.add_scalars("loss", {"train": loss.item(), "val": val_loss.item()}, step)
writer.close()  # flushes what is still queued (the default flush is every 120 s) and closes the files

print("run folders:", sorted(str(p.parent) for p in Path("runs").rglob("events.out.tfevents.*")))

acc = EventAccumulator("runs/linear").Reload()  # TensorBoard's own reader
print("scalar tags in runs/linear:", acc.Tags()["scalars"])
train = [(e.step, e.value) for e in acc.Scalars("loss/train")]
print("loss/train:", len(train), "points, steps", train[0][0], "to", train[-1][0])
print("first:", [round(v, 4) for _, v in train[:3]], "last:", round(train[-1][1], 4))

val_run = EventAccumulator("runs/linear/loss/val").Reload()
print("scalar tags in runs/linear/loss/val:", val_run.Tags()["scalars"])
val = [(e.step, e.value) for e in val_run.Scalars("loss")]
print("val loss at step 29:", round(val[-1][1], 4))
print("learned w, b:", round(model.weight.item(), 3), round(model.bias.item(), 3))

# The picture on the page, drawn from the points read back out of the event files.
fig, ax = plt.subplots(figsize=(6.4, 3.6), layout="constrained")
for name, points in (("train", train), ("val", val)):
    ax.plot([step for step, _ in points], [value for _, value in points], label=name)
ax.set(xlabel="step", ylabel="loss (MSE)", ylim=(0, None))
ax.legend()
fig.savefig("loss_curve.png", dpi=100, metadata={"Software": None})  # same data, same bytes
