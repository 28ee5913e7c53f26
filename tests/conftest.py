"""Shared fixtures. Snippet tests import lesson code the way FastAPI's tests import docs_src: run the very
file the page shows, then assert on the names it defines and on what it printed."""

from __future__ import annotations

import runpy
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parent.parent


def cuda_available() -> bool:
    import torch

    return torch.cuda.is_available()


def pytest_collection_modifyitems(config, items):
    if cuda_available():
        return
    skip = pytest.mark.skip(reason="needs a CUDA device; this machine has none (the CPU path is tested)")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def run_snippet(capsys):
    """run_snippet("tensors/creation") -> namespace of the file's globals, with .stdout set to its output."""

    def run(name: str) -> SimpleNamespace:
        path = ROOT / "snippets" / f"{name}.py"
        namespace = runpy.run_path(str(path), run_name="__main__")
        ns = SimpleNamespace(**{k: v for k, v in namespace.items() if not k.startswith("__")})
        ns.stdout = capsys.readouterr().out
        return ns

    return run
