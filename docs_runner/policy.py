"""What every run gets, forked or fresh: the warning policy, the device check, the environment.

A leaf module (standard library only): the fork server's children and the sitecustomize of fresh
interpreters import it without pulling in the rest of the engine.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

from docs_runner import paths

UNSET = "<unset>"  # CUDA_VISIBLE_DEVICES absent, as DOCS_VISIBLE_DEVICES records it
THREADS = 1  # per process: runs are scheduled so that the work computing at once fits the cores (execute.py)


def warning_filters() -> list[str]:
    """The allow-list in pyproject.toml ([tool.pytest.ini_options] filterwarnings), shared with pytest."""
    data = tomllib.loads((paths.ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return data["tool"]["pytest"]["ini_options"]["filterwarnings"]


def apply_warning_filters(filters: list[str]) -> None:
    """Install pytest-style 'action:message:category:module:lineno' filters, later ones winning."""
    import builtins
    import importlib
    import warnings

    for spec in filters:
        action, message, category, module, lineno = (spec.split(":", 4) + [""] * 5)[:5]
        cat = Warning
        if category:
            mod, _, name = category.rpartition(".")
            cat = getattr(importlib.import_module(mod) if mod else builtins, name)
        warnings.filterwarnings(action, message, cat, module, int(lineno or 0))


def check_device(path: str) -> None:
    """In the snippet's process: fail when torch disagrees with the device the build recorded."""
    import torch

    expected = os.environ.get("DOCS_DEVICE", "cpu")
    if torch.cuda.is_available() != (expected == "cuda"):
        sys.exit(
            f"{path}: the build expected device {expected!r} but torch.cuda.is_available() is "
            f"{torch.cuda.is_available()}; set DOCS_DEVICE=cpu or DOCS_DEVICE=cuda to say which to use"
        )


def child_env(device: str, base: dict[str, str] | None = None, **extra: str) -> dict[str, str]:
    """The environment of every run: the build's, a test's and a rank's alike (same seed, threads, device)."""
    env = dict(
        os.environ if base is None else base,
        DOCS_DEVICE=device,
        PYTHONHASHSEED="0",
        PYTHONIOENCODING="utf-8",
        PYTHONUNBUFFERED="1",
        CUBLAS_WORKSPACE_CONFIG=":4096:8",
        OMP_NUM_THREADS=str(THREADS),
        # sitecustomize (policy for fresh interpreters), then this checkout's engine before any installed one
        PYTHONPATH=os.pathsep.join([str(paths.SITE_DIR), str(paths.ROOT)]),
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",  # this venv's tools
        **extra,
    )
    env.pop("PYTORCH_NVML_BASED_CUDA_CHECK", None)  # the test process's setting, not the reader's
    if device == "cpu":
        env["CUDA_VISIBLE_DEVICES"] = ""  # the record says cpu, so the snippet must not find a GPU
    # Processes the snippet starts itself may choose other GPUs on purpose: only those that see what the
    # runner set are checked against the device (startup/sitecustomize.py).
    env["DOCS_VISIBLE_DEVICES"] = env.get("CUDA_VISIBLE_DEVICES", UNSET)
    return env


def sees_build_devices() -> bool:
    """Whether this process sees the GPUs the runner gave the run, so the device check applies to it."""
    return os.environ.get("CUDA_VISIBLE_DEVICES", UNSET) == os.environ.get("DOCS_VISIBLE_DEVICES")


def enter(env: dict[str, str], cwd: str | None = None) -> None:
    """Make this (forked) process look like a fresh one started with `env`: environment, threads, folder."""
    os.environ.clear()
    os.environ.update(env)
    if cwd is not None:
        os.chdir(cwd)
    import torch

    torch.set_num_threads(int(env.get("OMP_NUM_THREADS", THREADS)))
