# measured: [\d.]+ s\b
"""One rank crashes: torchrun stops the others, and the job exits non-zero instead of hanging."""

import re
import subprocess
import sys
import time
from pathlib import Path

# A two-rank job in which rank 1 fails while rank 0 waits for it in a collective.
Path("crashing_job.py").write_text("""
import datetime
import torch
import torch.distributed as dist

dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=60))
if dist.get_rank() == 1:
    raise RuntimeError("rank 1 gives up")
dist.all_reduce(torch.ones(1))  # rank 0 waits here for a partner that is gone
""")

command = [
    sys.executable,
    "-m",
    "torch.distributed.run",
    "--standalone",
    "--nproc-per-node",
    "2",
    "crashing_job.py",
]
start = time.perf_counter()
# A session of its own: torchrun and its workers form one process group we can inspect and, if need be, kill.
job = subprocess.Popen(
    command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
)
output, _ = job.communicate(timeout=120)
seconds = time.perf_counter() - start

print("torchrun exit code:", job.returncode, f"after {seconds:.1f} s")
print("rank 1 said:", re.search(r"RuntimeError: .*", output)[0])
root_cause = re.search(r"Root Cause.*?rank\s*:\s*(\d+).*?exitcode\s*:\s*(-?\d+)", output, re.S)
print(f"torchrun's root cause: rank {root_cause[1]}, exit code {root_cause[2]}")


def alive_in_group(pgid: int) -> list[int]:
    """Processes (not zombies) whose process group is pgid, read from /proc (Linux)."""
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended while we looked
            continue
        if fields[0] != "Z" and int(fields[2]) == pgid:
            pids.append(int(stat.parent.name))
    return pids


print("processes of the job still alive:", alive_in_group(job.pid))
