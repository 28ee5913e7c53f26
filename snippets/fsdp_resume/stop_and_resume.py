# beside: train_fsdp.py
# beside: toy_task.py
"""Stop and resume on other numbers of processes: 2 processes train steps 1-3, 4 processes steps 4-6 and 1
process steps 7-9, each from the last one's checkpoint; the losses are those of an uninterrupted run."""

import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import torch
import torch.nn.functional as F
from toy_task import batch, initial_weights, make_model

SCRIPT = Path(__file__).with_name("train_fsdp.py")  # the FSDP program, beside this file
TOLERANCE = 1e-6  # rounding only: the runs add the same numbers in other orders


def torchrun(processes, folder):
    """torchrun train_fsdp.py in `folder` (where its checkpoints/ lives); rank 0's lines."""
    launcher = [sys.executable, "-m", "torch.distributed.run"]  # what the torchrun command runs
    command = [*launcher, "--standalone", "--nproc-per-node", str(processes), str(SCRIPT)]
    out = {"stdout": subprocess.PIPE, "stderr": subprocess.STDOUT, "text": True}
    job = subprocess.Popen(command, cwd=folder, start_new_session=True, **out)  # its own process group
    try:
        output = job.communicate(timeout=120)[0]
    finally:  # the agent and its workers are stopped, whatever happened above
        if job.poll() is None:  # still running: the wait failed or timed out
            os.killpg(job.pid, signal.SIGTERM)  # torchrun stops its workers on SIGTERM, then exits
            job.wait()
    if job.returncode != 0:
        raise RuntimeError(f"torchrun with {processes} processes failed:\n{output}")
    return output.splitlines()


losses = []
with tempfile.TemporaryDirectory() as folder:  # one folder: each run finds the checkpoints of the last
    for processes in (2, 4, 1):
        for line in torchrun(processes, folder):
            if line.startswith("step "):  # "step 4 loss 1.087936878"
                losses.append(float(line.split()[-1]))
            elif line.startswith("world size"):
                print(line)

model = make_model()  # the uninterrupted run: one plain process, no FSDP, the whole batch at once
model.load_state_dict(initial_weights())
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
reference = []
for step in range(1, len(losses) + 1):
    inputs, labels = batch(step)
    loss = F.cross_entropy(model(inputs), labels)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    reference.append(loss.item())
    print(f"step {step}: stopped and resumed {losses[step - 1]:.6f}, uninterrupted {loss.item():.6f}")
gap = max(abs(a - b) for a, b in zip(losses, reference, strict=True))
print(f"largest difference: {gap:.1e}, below {TOLERANCE:g}: {gap < TOLERANCE}")
