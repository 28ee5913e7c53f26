"""Find the best run of a grid search from the event files alone, as TensorBoard's HParams tab does."""

from pathlib import Path

import torch
from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
from tensorboard.plugins.hparams.plugin_data_pb2 import HParamsPluginData
from tensorboardX import SummaryWriter
from torch import nn

x = torch.linspace(-1, 1, 64).unsqueeze(1)
y = 3 * x - 1


def train(lr: float, momentum: float) -> float:
    torch.manual_seed(0)  # the same start for every run
    model = nn.Linear(1, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=momentum)
    for _ in range(20):
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss.item()


with SummaryWriter("runs/search") as writer:
    for lr in (0.01, 0.1, 0.3):
        for momentum in (0.0, 0.9):
            final = train(lr, momentum)
            writer.add_hparams(
                {"lr": lr, "momentum": momentum}, {"hparam/loss": final}, name=f"lr{lr}_m{momentum}"
            )

# Later, from the logs alone: every run folder, its hyperparameters and its metric.
table = []
for run in sorted(p for p in Path("runs/search").iterdir() if p.is_dir()):
    acc = EventAccumulator(str(run)).Reload()
    info = acc.PluginTagToContent("hparams")["_hparams_/session_start_info"]
    hparams = HParamsPluginData.FromString(info).session_start_info.hparams
    table.append(
        (acc.Scalars("hparam/loss")[0].value, run.name, {k: hparams[k].number_value for k in sorted(hparams)})
    )

print("runs found:", len(table))
for loss, name, hparams in sorted(table):  # best first
    print(f"{name:<12} lr={hparams['lr']:<4} momentum={hparams['momentum']}: loss {loss:.4f}")
best_loss, best_name, best = min(table)
print("best:", best_name, best)
