# figure: lr_schedule.png
"""A scheduler rewrites the lr in optimizer.param_groups; call scheduler.step() after optimizer.step()."""

import warnings

import torch
from matplotlib.figure import Figure
from torch import nn
from torch.optim.lr_scheduler import CosineAnnealingLR, StepLR

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Linear(2, 1).to(device)
x, y = torch.randn(8, 2).to(device), torch.randn(8, 1).to(device)


def lrs_used(make_scheduler, epochs: int = 8, scheduler_first: bool = False) -> list[float]:
    """Train for some epochs and return the lr that each epoch's optimizer.step() actually used."""
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = make_scheduler(optimizer)
    used = []
    for _ in range(epochs):
        if scheduler_first:
            scheduler.step()  # the wrong place
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        used.append(optimizer.param_groups[0]["lr"])
        optimizer.step()
        if not scheduler_first:
            scheduler.step()  # the right place: once per epoch, after the optimizer
    assert scheduler.get_last_lr() == [g["lr"] for g in optimizer.param_groups]
    return used


def show(name: str, lrs: list[float]) -> None:
    print(f"{name:<32}", " ".join(f"{lr:.4f}" for lr in lrs))


step_lrs = lrs_used(lambda opt: StepLR(opt, step_size=3, gamma=0.1))  # x0.1 every 3 epochs
cosine_lrs = lrs_used(lambda opt: CosineAnnealingLR(opt, T_max=8))  # half a cosine from 0.1 to 0
print(f"{'epoch':<32}", " ".join(f"{e:<6}" for e in range(8)).rstrip())
show("StepLR(step_size=3, gamma=0.1)", step_lrs)
show("CosineAnnealingLR(T_max=8)", cosine_lrs)

# The wrong order: PyTorch warns (warnings are errors in this project, so record it instead),
# and the schedule runs one epoch ahead: the first value is skipped.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    wrong_lrs = lrs_used(lambda opt: StepLR(opt, step_size=3, gamma=0.1), scheduler_first=True)
show("StepLR, scheduler.step() first", wrong_lrs)
for warning in caught:
    print(f"{warning.category.__name__}: {str(warning.message).split(' See more details')[0]}")

ax = Figure(figsize=(6.4, 3.2), layout="constrained").subplots()  # the lr each epoch used, as printed above
curves = {"StepLR": step_lrs, "CosineAnnealingLR": cosine_lrs, "StepLR, wrong order": wrong_lrs}
for name, lrs in curves.items():
    ax.plot(range(8), lrs, "o-", drawstyle="steps-post", label=name)
ax.set(yscale="log", xlabel="epoch", ylabel="lr")
ax.legend()
ax.figure.savefig("lr_schedule.png", dpi=100, metadata={"Software": None})
