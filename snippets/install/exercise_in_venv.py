"""Exercise: check that this Python runs in a virtual environment and imports torch from it."""

import sys
from pathlib import Path

import torch

# A venv's python points sys.prefix at the venv and keeps the system's Python in sys.base_prefix.
in_venv = sys.prefix != sys.base_prefix
print("inside a virtual environment:", in_venv)

# torch must come from this environment's site-packages, not from another Python's.
torch_folder = Path(torch.__file__).resolve().parent
from_this_env = torch_folder.is_relative_to(Path(sys.prefix).resolve())
print("torch imported from this environment:", from_this_env)

# The CPU wheel carries no CUDA: torch.version.cuda is None there.
cpu_wheel = torch.version.cuda is None
print("CPU-only torch:", cpu_wheel)
