# measured: (?<=USDT:)[^\]]+\]
# measured: (?<=ERROR:)[^\]]+\]
"""Exercise: profile steps 3 and 4 of a loop with a schedule, and write the trace for TensorBoard."""

import json
import tempfile
from pathlib import Path

import torch
from torch import nn
from torch.profiler import ProfilerActivity, profile, schedule, tensorboard_trace_handler

model = nn.Sequential(
    nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
    nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
    nn.Flatten(), nn.Linear(32 * 2 * 2, 10),
)  # fmt: skip
optimizer = torch.optim.Adam(model.parameters(), lr=0.003)
images, labels = torch.rand(64, 1, 8, 8), torch.randint(0, 10, (64,))

# Skip 1 step, warm up for 1 (recorded, then thrown away), record 2; then stop.
plan = schedule(wait=1, warmup=1, active=2, repeat=1)
with tempfile.TemporaryDirectory() as folder:
    handler = tensorboard_trace_handler(folder)  # called when the active steps end: writes one trace file
    with profile(activities=[ProfilerActivity.CPU], schedule=plan, on_trace_ready=handler) as prof:
        for _ in range(6):
            loss = nn.functional.cross_entropy(model(images), labels)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            prof.step()  # tells the schedule that a step has ended
    files = list(Path(folder).glob("*.pt.trace.json"))  # named after the host, the process and the time
    events = json.loads(files[0].read_text())["traceEvents"]

steps = [e["name"] for e in events if e.get("name", "").startswith("ProfilerStep")]  # counted from 0
convolutions = [e.count for e in prof.key_averages() if e.key == "aten::conv2d"]
print("steps recorded:", steps)
print("aten::conv2d calls:", convolutions[0])
print("trace files written:", len(files))
