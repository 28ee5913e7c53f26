"""Compare runs with different hyperparameters in TensorBoard's HParams tab via add_hparams."""

import torch
from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
from tensorboard.plugins.hparams.plugin_data_pb2 import HParamsPluginData
from tensorboardX import SummaryWriter
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"
x = torch.linspace(-1, 1, 64).unsqueeze(1)
y = 3 * x - 1


def train(lr: float, steps: int) -> float:
    torch.manual_seed(0)  # the same start for every run: only the hyperparameters differ
    model = nn.Linear(1, 1).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=lr)
    for _ in range(steps):
        loss = nn.functional.mse_loss(model(x.to(device)), y.to(device))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss.item()


grid = [(lr, steps) for lr in (0.01, 0.1, 0.5) for steps in (10, 40)]
with SummaryWriter("runs/hparams") as writer:
    for lr, steps in grid:
        final = train(lr, steps)
        # One row of the HParams table. name= fixes the run's folder (default: the current time).
        writer.add_hparams({"lr": lr, "steps": steps}, {"hparam/loss": final}, name=f"lr{lr}_steps{steps}")

run = EventAccumulator("runs/hparams/lr0.1_steps40").Reload()
content = run.PluginTagToContent("hparams")
print("hparams plugin tags:", sorted(content))
start = HParamsPluginData.FromString(content["_hparams_/session_start_info"]).session_start_info
print("hparams of this run:", {k: v.number_value for k, v in sorted(start.hparams.items())})
print("metric:", run.Tags()["scalars"], round(run.Scalars("hparam/loss")[0].value, 4))

for lr, steps in grid:
    loss = EventAccumulator(f"runs/hparams/lr{lr}_steps{steps}").Reload().Scalars("hparam/loss")[0].value
    print(f"lr={lr:<4} steps={steps}: loss {loss:.4f}")
