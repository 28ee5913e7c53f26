"""What this machine offers a run: the device, the hardware that measured the numbers, the cores to share."""

from __future__ import annotations

import contextlib
import functools
import glob
import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path


def torch_version() -> str:
    return version("torch")


def python_version() -> str:
    return sys.version.split()[0]


def detect_device() -> str:
    """'cuda' when this machine has a usable NVIDIA GPU, else 'cpu'; DOCS_DEVICE=cpu|cuda overrides.

    Importing torch to ask torch.cuda.is_available() would cost the build seconds and would initialise CUDA
    in the process that forks the snippets; the NVIDIA device nodes answer the same question for the CUDA
    build of torch that requirements.txt pins, and every snippet process checks the answer against torch
    before it runs (policy.check_device), so a wrong guess fails loudly.
    """
    forced = os.environ.get("DOCS_DEVICE")
    if forced:
        return forced
    if os.environ.get("CUDA_VISIBLE_DEVICES", "unset").strip() in ("", "-1"):
        return "cpu"
    return "cuda" if glob.glob("/dev/nvidia[0-9]*") else "cpu"


@functools.cache
def hardware(device: str) -> str:
    """What measured the numbers: the GPU's name on cuda, the CPU model and core count on cpu."""
    if device == "cuda":
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            out = subprocess.run(
                ["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                capture_output=True,
                text=True,
                timeout=30,
                check=True,
            ).stdout.splitlines()
            if out:
                return out[0].strip()
        return "unknown NVIDIA GPU"
    model = "unknown CPU"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return f"{model}, {cores()} cores"


def cores() -> int:
    return max(1, os.cpu_count() or 1)
