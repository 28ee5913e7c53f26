"""Exercise: count the steps GradScaler skips, and step the LR schedule only after steps that were taken."""

import warnings

import torch
from torch import nn


def train(only_after_taken_steps):
    torch.manual_seed(0)
    model = nn.Linear(16, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    schedule = torch.optim.lr_scheduler.StepLR(optimizer, step_size=5, gamma=0.5)  # halve every 5 steps
    scaler = torch.amp.GradScaler("cpu", init_scale=2.0**24)  # high on purpose: the first steps overflow
    x, y = torch.randn(64, 16), torch.randn(64, 1)
    skipped = 0
    for _ in range(12):
        optimizer.zero_grad()
        with torch.autocast("cpu", dtype=torch.float16):
            loss = nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        before = scaler.get_scale()
        scaler.update()
        was_skipped = scaler.get_scale() < before  # update() lowers the scale only after a skipped step
        skipped += was_skipped
        if not (only_after_taken_steps and was_skipped):
            schedule.step()
    return skipped, schedule.last_epoch, optimizer.param_groups[0]["lr"]


results = {}
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    results["every iteration"] = train(only_after_taken_steps=False)
print("warning:", caught[0].message.args[0].split(". ")[0] + ".")
results["after taken steps"] = train(only_after_taken_steps=True)
for name, (skipped, schedule_steps, lr) in results.items():
    print(f"schedule.step() {name + ':':19} skipped {skipped}, optimizer steps {12 - skipped},", end=" ")
    print(f"schedule steps {schedule_steps}, lr {lr:g}")
