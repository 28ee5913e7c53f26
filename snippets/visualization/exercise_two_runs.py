"""Exercise: train and validation loss on one chart as two runs with one tag each, instead of add_scalars."""

import torch
from tensorboard.backend.event_processing.event_multiplexer import EventMultiplexer
from tensorboardX import SummaryWriter as TbxWriter
from torch import nn
from torch.utils.tensorboard import SummaryWriter

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"
x = torch.linspace(-1, 1, 80).unsqueeze(1)  # made on the CPU: the same data everywhere
y = 2 * x + 1 + 0.2 * torch.randn_like(x)
x_train, y_train, x_val, y_val = x[::2].to(device), y[::2].to(device), x[1::2].to(device), y[1::2].to(device)
model = nn.Linear(1, 1).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

# One writer per curve, in sibling folders; the same tag "loss" puts both on one chart.
with SummaryWriter("runs/two/train") as train_writer, SummaryWriter("runs/two/val") as val_writer:
    for step in range(20):
        loss = nn.functional.mse_loss(model(x_train), y_train)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        with torch.no_grad():
            val_loss = nn.functional.mse_loss(model(x_val), y_val)
        train_writer.add_scalar("loss", loss.item(), step)
        val_writer.add_scalar("loss", val_loss.item(), step)

# The same two curves through tensorboardX's add_scalars, for comparison.
with TbxWriter("runs/scalars") as writer:
    for step in range(20):
        writer.add_scalars("loss", {"train": 1.0, "val": 2.0}, step)


def runs(logdir: str) -> dict[str, list[str]]:
    """The runs TensorBoard lists for a --logdir, with their scalar tags."""
    mux = EventMultiplexer().AddRunsFromDirectory(logdir).Reload()
    return {run: tags["scalars"] for run, tags in sorted(mux.Runs().items())}


print("two writers:", runs("runs/two"))
print("add_scalars:", runs("runs/scalars"))
mux = EventMultiplexer().AddRunsFromDirectory("runs/two").Reload()
last = {run: round(mux.Scalars(run, "loss")[-1].value, 4) for run in ("train", "val")}
print("points per run:", {run: len(mux.Scalars(run, "loss")) for run in ("train", "val")}, "last:", last)
