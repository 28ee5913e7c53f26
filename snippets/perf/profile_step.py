# figure: trace.png
# measured: (?<=USDT:)[^\]]+\]
# measured: (?<=ERROR:)[^\]]+\]
# measured: (?s)-{20,}.*Self CPU time total: [\d.]+m?s
"""One training step of the capstone's model under torch.profiler: the table of operators, and its trace."""

import json
import tempfile
from pathlib import Path

import torch
from matplotlib.figure import Figure
from sklearn.datasets import load_digits
from torch import nn
from torch.profiler import ProfilerActivity, profile, record_function

model = nn.Sequential(
    nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
    nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
    nn.Flatten(), nn.Linear(32 * 2 * 2, 10),
)  # fmt: skip
pixels, digits = load_digits(return_X_y=True)
images = torch.tensor(pixels[:64], dtype=torch.float32).reshape(64, 1, 8, 8) / 16  # one batch of 64
labels = torch.tensor(digits[:64])
loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=0.003)


def train_step():
    with record_function("forward"):  # a named span in the table and in the trace
        loss = loss_fn(model(images), labels)
    with record_function("backward"):
        optimizer.zero_grad()
        loss.backward()
    with record_function("optimizer"):
        optimizer.step()


train_step()  # the first step allocates Adam's state: profile a step like all the others
with profile(activities=[ProfilerActivity.CPU]) as prof:
    train_step()
print(prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=8))

with tempfile.TemporaryDirectory() as folder:
    trace_file = Path(folder) / "trace.json"
    prof.export_chrome_trace(str(trace_file))  # the file chrome://tracing, Perfetto and TensorBoard open
    events = json.loads(trace_file.read_text())["traceEvents"]
spans = [e for e in events if e.get("name") in ("forward", "backward", "optimizer")]  # our record_functions
ops = [e for e in events if e.get("cat") == "cpu_op"]
start = min(e["ts"] for e in spans)  # microseconds; the picture starts at the step's start

ax = Figure(figsize=(8, 2.4), layout="constrained").subplots()
for row, span in enumerate(spans):
    ax.broken_barh([((span["ts"] - start) / 1000, span["dur"] / 1000)], (row - 0.4, 0.8), color=f"C{row}")
    inside = [e for e in ops if span["ts"] <= e["ts"] < span["ts"] + span["dur"]]
    longest = max(inside, key=lambda e: e["dur"])  # name the operator that took longest in this phase
    ax.text((longest["ts"] - start) / 1000, row, longest["name"], va="center", fontsize=8)
ax.set(yticks=range(len(spans)), yticklabels=[s["name"] for s in spans], xlabel="ms since the step began")
ax.invert_yaxis()
ax.figure.savefig("trace.png", dpi=100, metadata={"Software": None})
