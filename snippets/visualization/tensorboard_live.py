# server: tensorboard --logdir runs --host 127.0.0.1 --port ${PORT:-6006} --reload_interval 1
"""Log a loss curve with tensorboardX, then read it back from the TensorBoard server that is running."""

import json
import os
import time
import urllib.request

import torch
from tensorboardX import SummaryWriter

port = os.environ.get("PORT", "6006")  # the port the server line above listens on

w = torch.zeros(1, requires_grad=True)
with SummaryWriter("runs/demo") as writer:  # TensorBoard shows each folder under runs/ as one run
    for step in range(10):
        loss = (w - 3).pow(2).sum()
        loss.backward()
        with torch.no_grad():
            w -= 0.2 * w.grad
            w.grad.zero_()
        writer.add_scalar("train/loss", loss.item(), step)

# TensorBoard re-reads runs/ every second (--reload_interval 1); wait until it has the new run.
api = f"http://127.0.0.1:{port}/data/plugin/scalars"
deadline = time.monotonic() + 60
while True:
    with urllib.request.urlopen(f"{api}/tags") as response:
        tags = json.load(response)
    if "train/loss" in tags.get("demo", {}):
        break
    if time.monotonic() > deadline:
        raise TimeoutError(f"TensorBoard did not pick up runs/demo: {tags}")
    time.sleep(0.5)

with urllib.request.urlopen(f"{api}/scalars?run=demo&tag=train/loss") as response:
    points = json.load(response)  # [wall time, step, value] per logged point
print("runs and tags served:", {run: sorted(t) for run, t in tags.items()})
print("points:", len(points))
for _, step, value in points[:3] + points[-1:]:
    print(f"step {step}: loss {value:.4f}")
