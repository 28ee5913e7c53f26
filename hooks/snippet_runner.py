"""Run lesson code the way a reader would, and remember what it printed.

Every file under snippets/ runs as its own `python` process (a fresh interpreter, warnings as errors,
seeded hash), from the repository root. A run is cached under .cache/snippets/ by a hash of
(source, torch version, device, this runner's version), so a rebuild runs only what changed.

Used by the mkdocs hook (hooks/execute_snippets.py) and by the tests; also a small CLI:
    python hooks/snippet_runner.py --exec snippets/tensors/creation.py   # one run, as the build does it
"""

from __future__ import annotations

import datetime as dt
import glob
import hashlib
import json
import os
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from functools import partial
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = ROOT / "snippets"
CACHE = ROOT / ".cache" / "snippets"
RUNNER_VERSION = "1"  # bump when the way snippets are run changes, to invalidate the cache
TIMEOUT_S = 300


# Everything this build executed (snippets, then notebooks), for the verification report.
RECORDS: dict[str, Record] = {}


class SnippetError(RuntimeError):
    """A snippet exited non-zero; the message names the file and ends with its output."""


@dataclass(frozen=True)
class Record:
    path: str  # relative to ROOT, posix
    status: str  # "ok" (failures raise instead of being recorded)
    seconds: float
    device: str  # "cuda" or "cpu": what this machine offered the snippet
    torch: str
    python: str
    date: str  # UTC date of the run (a cached record keeps its original date)
    output: str  # stdout and stderr together, as a terminal would show them


def torch_version() -> str:
    return version("torch")


def detect_device() -> str:
    """'cuda' when this machine has a usable NVIDIA GPU, else 'cpu'; DOCS_DEVICE=cpu|cuda overrides.

    Importing torch to ask torch.cuda.is_available() would cost the build seconds; the NVIDIA device nodes
    answer the same question for the CUDA build of torch that requirements.txt pins, and every snippet
    process checks the answer against torch before it runs (see _exec), so a wrong guess fails loudly.
    """
    forced = os.environ.get("DOCS_DEVICE")
    if forced:
        return forced
    if os.environ.get("CUDA_VISIBLE_DEVICES", "unset").strip() in ("", "-1"):
        return "cpu"
    return "cuda" if glob.glob("/dev/nvidia[0-9]*") else "cpu"


def warning_filters() -> list[str]:
    """The allow-list in pyproject.toml ([tool.pytest.ini_options] filterwarnings), shared with pytest."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
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


def all_snippets() -> list[str]:
    return sorted(p.relative_to(ROOT).as_posix() for p in SNIPPETS.rglob("*.py"))


def cache_key(path: str, device: str, payload: bytes) -> str:
    h = hashlib.sha256()
    for part in (RUNNER_VERSION, torch_version(), device, path):
        h.update(part.encode() + b"\0")
    h.update(payload)
    return h.hexdigest()


def cache_entry(path: str, device: str, payload: bytes) -> Path:
    """Where the record of running `payload` (as `path`, on `device`) is kept."""
    return CACHE / f"{cache_key(path, device, payload)}.json"


def run_one(path: str, device: str) -> Record:
    """Run snippets/... in a fresh interpreter; raise SnippetError naming the file if it fails."""
    env = dict(
        os.environ,
        DOCS_DEVICE=device,
        PYTHONHASHSEED="0",
        PYTHONIOENCODING="utf-8",
        CUBLAS_WORKSPACE_CONFIG=":4096:8",
    )
    if device == "cpu":
        env["CUDA_VISIBLE_DEVICES"] = ""  # the record says cpu, so the snippet must not find a GPU
    start = time.perf_counter()
    try:
        proc = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--exec", path],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=TIMEOUT_S,
        )
    except subprocess.TimeoutExpired as exc:
        raise SnippetError(f"{path}: timed out after {TIMEOUT_S} s") from exc
    seconds = round(time.perf_counter() - start, 2)
    if proc.returncode != 0:
        tail = "\n".join(proc.stdout.splitlines()[-30:])
        raise SnippetError(f"{path} failed (exit {proc.returncode}):\n{tail}")
    return new_record(path, seconds, device, proc.stdout)


def new_record(path: str, seconds: float, device: str, output: str) -> Record:
    return Record(
        path=path,
        status="ok",
        seconds=seconds,
        device=device,
        torch=torch_version(),
        python=sys.version.split()[0],
        date=dt.datetime.now(dt.UTC).date().isoformat(),
        output=output,
    )


def cached(path: str, device: str, payload: bytes, run: Callable[[], Record]) -> tuple[Record, bool]:
    """(record, ran): the cached record when (path, payload, torch, device) match, else run() stored."""
    entry = cache_entry(path, device, payload)
    if entry.exists():
        return Record(**json.loads(entry.read_text(encoding="utf-8"))), False
    record = run()
    CACHE.mkdir(parents=True, exist_ok=True)
    tmp = entry.with_suffix(".tmp")
    tmp.write_text(json.dumps(asdict(record), ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(entry)
    return record, True


def run_all(paths: list[str] | None = None, device: str | None = None) -> tuple[dict[str, Record], list[str]]:
    """Run (or fetch from cache) every snippet, in parallel. Returns (records by path, paths that ran).

    All failures are collected and raised together, so one build reports every broken file.
    """
    paths = all_snippets() if paths is None else paths
    device = device or detect_device()
    workers = max(1, min(len(paths), os.cpu_count() or 1))
    records, ran, errors = {}, [], []
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {
            p: pool.submit(cached, p, device, (ROOT / p).read_bytes(), partial(run_one, p, device))
            for p in paths
        }
        for p, fut in futures.items():
            try:
                records[p], did_run = fut.result()
                if did_run:
                    ran.append(p)
            except SnippetError as exc:
                errors.append(str(exc))
    if errors:
        raise SnippetError("\n\n".join(errors))
    return records, ran


def _exec(path: str) -> None:
    """What the subprocess does: behave like `python <path>`, with the project's warning policy."""
    import runpy

    apply_warning_filters(warning_filters())  # first, so warnings raised while importing torch count too
    import torch

    expected = os.environ.get("DOCS_DEVICE", "cpu")
    if torch.cuda.is_available() != (expected == "cuda"):
        sys.exit(
            f"{path}: the build expected device {expected!r} but torch.cuda.is_available() is "
            f"{torch.cuda.is_available()}; set DOCS_DEVICE=cpu or DOCS_DEVICE=cuda to say which to use"
        )
    target = ROOT / path
    sys.argv = [str(target)]
    sys.path[0] = str(target.parent)
    runpy.run_path(str(target), run_name="__main__")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--exec":
        _exec(sys.argv[2])
    else:
        sys.exit("usage: python hooks/snippet_runner.py --exec snippets/<topic>/<name>.py")
