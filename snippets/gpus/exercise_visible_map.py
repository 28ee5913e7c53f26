"""Exercise: which physical GPU is cuda:i? Read CUDA_VISIBLE_DEVICES the way the CUDA driver does."""

import inspect
import os
import re
import subprocess
import sys


def visible_gpus(value, installed):
    """The physical GPUs a process sees, in order: cuda:0 is the first. value is the variable or None."""
    if value is None:  # not set: every GPU, numbered as CUDA orders them
        return list(range(installed))
    seen = []
    for entry in value.split(","):
        number = re.match(r"\s*\+?(\d+)", entry)  # read like C's strtoul: leading digits, the rest ignored
        if number is None or int(number[1]) >= installed:
            break  # the list ends at the first entry that names no GPU (-1, "", no digits, too large)
        if int(number[1]) in seen:
            return []  # a repeated GPU hides every GPU
        seen.append(int(number[1]))
    return seen


INSTALLED = 4  # an imagined machine with physical GPUs 0, 1, 2, 3
cases = [None, "2,3", "3,1", "", "1,-1,2", "0,7,1", "1x,2", "1,1"]
for value in cases:
    gpus = visible_gpus(value, INSTALLED)
    names = ", ".join(f"cuda:{i} = GPU {gpu}" for i, gpu in enumerate(gpus)) or "no GPU"
    setting = "not set" if value is None else f"CUDA_VISIBLE_DEVICES={value!r}"
    print(f"{setting:30} -> {names}")

# A launcher that gives each worker one GPU: every child sees its GPU as cuda:0.
child = inspect.getsource(visible_gpus) + (
    "import os\n"
    "import re\n"
    "gpus = visible_gpus(os.environ.get('CUDA_VISIBLE_DEVICES'), 4)\n"
    "print(f'worker {os.environ[\"RANK\"]}: cuda:0 is GPU {gpus[0]}, {len(gpus)} visible')\n"
)
workers = {}
for rank, gpu in enumerate([2, 3]):
    env = {**os.environ, "CUDA_VISIBLE_DEVICES": str(gpu), "RANK": str(rank)}
    done = subprocess.run([sys.executable, "-I", "-c", child], env=env, capture_output=True, text=True)
    workers[rank] = done.stdout.strip()
    print(workers[rank])
