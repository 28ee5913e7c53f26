# beside: train_ddp.py
# figure: same_curves.png
# timeout: 600
"""One process with batches of 128 or two DDP processes with 64 each: the same images, the same curves."""

import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import torch
from matplotlib.figure import Figure  # draws to a file, no window or GUI backend needed

SCRIPT = Path(__file__).with_name("train_ddp.py")  # the DDP program, beside this file
TOLERANCE = 1e-5  # rounding only: the two runs add the same numbers in another order


def start(processes, batch_size, folder):
    """torchrun train_ddp.py in `folder`, where its rank 0 saves history.pt; in a process group of its own."""
    torchrun = [sys.executable, "-m", "torch.distributed.run"]  # what the torchrun command runs
    command = [*torchrun, "--standalone", "--nproc-per-node", str(processes), str(SCRIPT)]
    env = dict(os.environ, BATCH_SIZE=str(batch_size), CUDA_VISIBLE_DEVICES="")  # both runs on the CPU
    out = {"stdout": subprocess.PIPE, "stderr": subprocess.STDOUT, "text": True}
    return subprocess.Popen(command, cwd=folder, env=env, start_new_session=True, **out)


with tempfile.TemporaryDirectory() as folder_one, tempfile.TemporaryDirectory() as folder_two:
    jobs = []
    try:
        jobs.append(start(1, 128, folder_one))  # both runs at once, each in a folder of its own
        jobs.append(start(2, 64, folder_two))  # 2 x 64: the same 128 images per step
        outputs = [job.communicate(timeout=280)[0] for job in jobs]
    finally:  # both torchrun agents are stopped, whatever happened above
        for job in jobs:
            if job.poll() is None:  # still running: the wait failed or timed out
                os.killpg(job.pid, signal.SIGTERM)  # torchrun stops its workers on SIGTERM, then exits
                job.wait()
    if any(job.returncode != 0 for job in jobs):
        raise RuntimeError("torchrun failed:\n" + "\n".join(outputs))
    one = torch.load(Path(folder_one, "history.pt"))  # {"train loss": [...], "test loss": [...], ...}
    two = torch.load(Path(folder_two, "history.pt"))

train_gap = np.max(np.abs(np.subtract(one["train loss"], two["train loss"])))  # epoch by epoch
test_gap = np.max(np.abs(np.subtract(one["test loss"], two["test loss"])))
print(f"largest difference: train loss {train_gap:.1e}, test loss {test_gap:.1e}")
print(f"both below {TOLERANCE:g}:", max(train_gap, test_gap) < TOLERANCE)
print("same test accuracy in every epoch:", one["test accuracy"] == two["test accuracy"])

fig = Figure(figsize=(6.4, 3.6), layout="constrained")
ax = fig.subplots()
epochs = range(1, len(one["train loss"]) + 1)
for name, history, style in (("1 process x 128", one, "-"), ("2 processes x 64", two, "o")):
    ax.plot(epochs, history["train loss"], style, color="C0", label=f"train loss, {name}")
    ax.plot(epochs, history["test loss"], style, color="C1", label=f"test loss, {name}")
ax.set(xlabel="epoch", ylabel="cross-entropy", yscale="log")  # a line, and dots on it where they agree
ax.legend()
fig.savefig("same_curves.png", dpi=100, metadata={"Software": None})
