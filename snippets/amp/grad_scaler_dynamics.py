# figure: grad_scale.png
"""GradScaler on the CPU with fp16: it skips the step and backs off on inf/NaN, grows after clean steps."""

import matplotlib
import torch
from torch import nn

matplotlib.use("Agg")
import matplotlib.pyplot as plt

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, 1))  # weights stay fp32
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
# A deliberately high start and a short growth interval, so a few steps show every rule.
scaler = torch.amp.GradScaler(
    "cpu", init_scale=2.0**18, growth_factor=2.0, backoff_factor=0.5, growth_interval=3
)
x, y = torch.randn(64, 16), torch.randn(64, 1)

history = []
print("step  scale used  loss      step taken  next scale")
for step in range(1, 19):
    batch = x.clone()
    if step == 16:
        batch[0, 0] = float("nan")  # one corrupted sample
    with torch.autocast("cpu", dtype=torch.float16):
        loss = nn.functional.mse_loss(model(batch), y)
    optimizer.zero_grad()
    scaler.scale(loss).backward()
    before = model[0].weight.detach().clone()
    used = scaler.get_scale()
    scaler.step(optimizer)  # unscales, checks for inf/NaN, and calls optimizer.step() only if there is none
    scaler.update()  # halves the scale after a bad step; doubles it after growth_interval clean ones
    taken = not torch.equal(before, model[0].weight)
    history.append((used, taken, scaler.get_scale()))
    print(f"{step:>4}  {used:>10.0f}  {loss.item():<8.4f}  {taken!s:<10}  {scaler.get_scale():>10.0f}")

print("state_dict:", scaler.state_dict())

# The figure: the scale each step used, from the run above; crosses mark the skipped steps.
steps = range(1, len(history) + 1)
scales = [used for used, _, _ in history]
skipped = [step for step, (_, taken, _) in enumerate(history, start=1) if not taken]
fig, ax = plt.subplots(figsize=(8, 3))
ax.step(steps, scales, where="mid", color="#3b75af")
ax.scatter(skipped, [scales[step - 1] for step in skipped], marker="x", s=60, color="#c0392b", zorder=3)
ax.set_yscale("log", base=2)  # one tick per power of two
ax.set(xlabel="step", ylabel="scale", xticks=list(steps), ylim=(2**14.5, 2**18.8))
ax.legend(["scale used", "inf/NaN: step skipped"], loc="upper right", fontsize=8)
fig.tight_layout()
fig.savefig("grad_scale.png", dpi=100, metadata={"Software": None})
