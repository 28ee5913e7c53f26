"""Run lesson code the way its reader is told to, and remember what it printed.

A snippet says how it runs in a few header comments above its docstring (all optional):

    # run: torchrun --standalone --nproc-per-node 2 snippets/distributed/ddp_basic.py
    # needs: cuda                      only meaningful on a GPU; a CPU build shows a recording or a notice
    # record: cuda                     runs anywhere; `make record` keeps its CUDA output to show beside it
    # server: tensorboard --logdir runs --host 127.0.0.1 --port ${PORT:-6006}
    # measured: [\\d.]+ ms             printed values that vary from run to run (a regex; repeatable)
    # timeout: 120                     seconds (default 300)
    # figure: loss_curve.png           a PNG the run writes in its folder; the page shows it under the output

`python <file>` (the default) runs in a child forked from one preloaded process (the fork server, which
imported torch and torchvision once with the warning policy installed), so each snippet costs milliseconds of
start-up instead of a fresh interpreter's seconds, and starts from the same clean state. Other launchers
(torchrun, horovodrun) run as the reader's command line in a fresh process group. Results are cached under
.cache/snippets/ by a hash of everything that can change an output (see cache_key).

Used by the mkdocs hooks and by the tests; also a small CLI:
    python hooks/snippet_runner.py --exec snippets/tensors/creation.py   # one run, as the build does it
    python hooks/snippet_runner.py --record                             # on a GPU machine (make record)
    python hooks/snippet_runner.py --run snippets/amp examples          # one CI shard, into the cache
"""

from __future__ import annotations

import ast
import atexit
import base64
import contextlib
import datetime as dt
import glob
import hashlib
import io
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
import urllib.request
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOOKS = ROOT / "hooks"
SNIPPETS = ROOT / "snippets"
# SNIPPET_CACHE_DIR: another cache folder (the test of CI's sharded runs keeps one per shard)
CACHE = Path(os.environ.get("SNIPPET_CACHE_DIR") or ROOT / ".cache" / "snippets").absolute()
RECORDINGS = ROOT / "recordings" / "cuda"
SITE_DIR = HOOKS / "snippet_site"  # holds sitecustomize.py: the policy for fresh interpreters
RUNNER_VERSION = "2"  # bump when the way snippets are run changes, to invalidate the cache
TIMEOUT_S = 300
LAUNCHERS = ("python", "torchrun", "horovodrun")
HEADER_KEYS = ("run", "needs", "record", "server", "measured", "timeout", "figure")
FIGURE_NAME = re.compile(r"[\w-]+\.png")  # a plain file name in the snippet's working folder
HEADER_LINE = re.compile(r"^#\s*([a-z]+):\s*(.*?)\s*$")

# Everything this build executed (snippets, then notebooks), for the verification report.
RECORDS: dict[str, Record] = {}


class SnippetError(RuntimeError):
    """A snippet could not run or failed; the message names the file and ends with its output."""


# ---------------------------------------------------------------------------------------------------------
# What a snippet declares


@dataclass(frozen=True)
class Spec:
    path: str  # relative to ROOT, posix
    argv: tuple[str, ...]  # the reader's command line, from `# run:` (default: python <path>)
    needs_cuda: bool = False
    record_cuda: bool = False
    server: str | None = None
    measured: tuple[str, ...] = ()
    timeout: int = TIMEOUT_S
    helpers: tuple[str, ...] = ()  # local modules it imports (snippets/<topic>/_*.py), transitively
    figures: tuple[str, ...] = ()  # PNG files the run writes in its working folder, shown on the page

    @property
    def launcher(self) -> str:
        return self.argv[0]

    @property
    def kind(self) -> str:
        """plain, processes, server, cuda or measured: how the report and the page describe it."""
        if self.needs_cuda:
            return "cuda"
        if self.launcher != "python":
            return "processes"
        if self.server:
            return "server"
        return "measured" if self.measured else "plain"


def read_spec(path: str) -> Spec:
    """Parse the header comments of snippets/...; raise SnippetError naming the file on a bad header."""
    source = (ROOT / path).read_text(encoding="utf-8")
    found: dict[str, list[str]] = {}
    for line in source.splitlines():
        if not line.startswith("#"):
            break
        m = HEADER_LINE.match(line)
        if not m:
            continue
        key, value = m.groups()
        if key not in HEADER_KEYS:
            raise SnippetError(f"{path}: unknown header '# {key}:'; known: {', '.join(HEADER_KEYS)}")
        found.setdefault(key, []).append(value)

    argv = tuple(shlex.split(found["run"][0])) if "run" in found else ("python", path)
    if argv[0] not in LAUNCHERS:
        raise SnippetError(f"{path}: unknown launcher {argv[0]!r} in '# run:'; known: {', '.join(LAUNCHERS)}")
    if path not in argv:
        raise SnippetError(f"{path}: '# run:' must name this file as the reader runs it: {path}")
    for pattern in found.get("measured", []):
        try:
            re.compile(pattern)
        except re.error as exc:
            raise SnippetError(f"{path}: '# measured: {pattern}' is not a valid regex: {exc}") from None
    for name in found.get("figure", []):
        if not FIGURE_NAME.fullmatch(name):
            raise SnippetError(f"{path}: '# figure: {name}' must name a .png file in the working folder")
    needs = found.get("needs", [])
    if needs not in ([], ["cuda"]) or found.get("record", ["cuda"]) != ["cuda"]:
        raise SnippetError(f"{path}: '# needs:' and '# record:' take only the value 'cuda'")
    return Spec(
        path=path,
        argv=argv,
        needs_cuda=needs == ["cuda"],
        record_cuda=bool(needs or "record" in found),
        server=found.get("server", [None])[0],
        measured=tuple(found.get("measured", [])),
        figures=tuple(found.get("figure", [])),
        timeout=int(found.get("timeout", [TIMEOUT_S])[0]),
        helpers=tuple(local_helpers(path)),
    )


def local_helpers(path: str, seen: set[str] | None = None) -> list[str]:
    """snippets/<topic>/_*.py modules that `path` imports, directly or through each other (sorted)."""
    seen = set() if seen is None else seen
    folder = (ROOT / path).parent
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"), filename=path)
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    for name in sorted(names):
        if not name.startswith("_") or name in sys.stdlib_module_names:
            continue
        helper = folder / f"{name}.py"
        rel = helper.relative_to(ROOT).as_posix()
        if not helper.is_file():
            raise SnippetError(f"{path}: imports {name}, but the helper module {rel} does not exist")
        if rel not in seen:
            seen.add(rel)
            local_helpers(rel, seen)
    return sorted(seen)


# ---------------------------------------------------------------------------------------------------------
# The machine


def torch_version() -> str:
    return version("torch")


def detect_device() -> str:
    """'cuda' when this machine has a usable NVIDIA GPU, else 'cpu'; DOCS_DEVICE=cpu|cuda overrides.

    Importing torch to ask torch.cuda.is_available() would cost the build seconds and would initialise CUDA
    in the process that forks the snippets; the NVIDIA device nodes answer the same question for the CUDA
    build of torch that requirements.txt pins, and every snippet process checks the answer against torch
    before it runs (check_device), so a wrong guess fails loudly.
    """
    forced = os.environ.get("DOCS_DEVICE")
    if forced:
        return forced
    if os.environ.get("CUDA_VISIBLE_DEVICES", "unset").strip() in ("", "-1"):
        return "cpu"
    return "cuda" if glob.glob("/dev/nvidia[0-9]*") else "cpu"


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
    return f"{model}, {os.cpu_count()} cores"


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


def check_device(path: str) -> None:
    """In the snippet's process: fail when torch disagrees with the device the build recorded."""
    import torch

    expected = os.environ.get("DOCS_DEVICE", "cpu")
    if torch.cuda.is_available() != (expected == "cuda"):
        sys.exit(
            f"{path}: the build expected device {expected!r} but torch.cuda.is_available() is "
            f"{torch.cuda.is_available()}; set DOCS_DEVICE=cpu or DOCS_DEVICE=cuda to say which to use"
        )


def all_snippets() -> list[str]:
    """Lesson files; `_*.py` files beside them are helper modules, not snippets."""
    return sorted(
        p.relative_to(ROOT).as_posix() for p in SNIPPETS.rglob("*.py") if not p.name.startswith("_")
    )


def workers() -> int:
    return max(1, os.cpu_count() or 1)


def threads_per_run() -> int:
    """Parallel runs share the cores: each gets its slice, so two runs on two cores never oversubscribe."""
    return max(1, (os.cpu_count() or 1) // workers())


# ---------------------------------------------------------------------------------------------------------
# Records and the cache


@dataclass(frozen=True)
class Record:
    path: str  # relative to ROOT, posix
    status: str  # "ok", or "cuda-only" (not run: this build has no GPU). Failures raise instead.
    seconds: float  # wall time of the whole run
    device: str  # "cuda" or "cpu": what this machine offered the snippet
    torch: str
    python: str
    date: str  # UTC date of the run (a cached record keeps its original date)
    output: str  # stdout and stderr together, as a terminal would show them
    compute: float = 0.0  # seconds spent inside the snippet itself (seconds - compute = overhead)
    hardware: str = ""
    kind: str = "plain"
    measured: list[str] = field(default_factory=list)
    figures: dict[str, str] = field(default_factory=dict)  # `# figure:` name -> base64 of the PNG bytes


def new_record(path: str, seconds: float, device: str, output: str, **extra) -> Record:
    return Record(
        path=path,
        status=extra.pop("status", "ok"),
        seconds=seconds,
        device=device,
        torch=torch_version(),
        python=sys.version.split()[0],
        date=dt.datetime.now(dt.UTC).date().isoformat(),
        output=output,
        hardware=extra.pop("hardware", hardware(device)),
        **extra,
    )


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def source_hash(spec: Spec) -> str:
    """The snippet and every helper it imports: what a GPU recording is checked against."""
    h = hashlib.sha256()
    for rel in (spec.path, *spec.helpers):
        h.update(rel.encode() + b"\0" + (ROOT / rel).read_bytes() + b"\0")
    return h.hexdigest()


def environment_key(device: str) -> str:
    """What outside the snippet can change an output: runner, torch, lock file, warning policy, device."""
    parts = [
        RUNNER_VERSION,
        torch_version(),
        _sha((ROOT / "requirements.txt").read_bytes()),
        json.dumps(warning_filters()),
        device,
        hardware(device) if device == "cuda" else "",
    ]
    return _sha("\0".join(parts).encode())


def cache_key(path: str, device: str, payload: bytes, env_key: str | None = None) -> str:
    h = hashlib.sha256()
    for part in (env_key or environment_key(device), device, path):
        h.update(part.encode() + b"\0")
    h.update(payload)
    return h.hexdigest()


def _slot(path: str) -> Path:
    """One folder per source: a new entry there replaces the old ones (stale entries are pruned)."""
    return CACHE / re.sub(r"[^\w.-]+", "_", path)


def cache_entry(path: str, device: str, payload: bytes, env_key: str | None = None) -> Path:
    """Where the record of running `payload` (as `path`, on `device`) is kept."""
    return _slot(path) / f"{cache_key(path, device, payload, env_key)}.json"


def cached(
    path: str, device: str, payload: bytes, run: Callable[[], Record], env_key: str | None = None
) -> tuple[Record, bool]:
    """(record, ran): the cached record when everything in the key matches, else run() stored."""
    entry = cache_entry(path, device, payload, env_key)
    if entry.exists():
        return Record(**json.loads(entry.read_text(encoding="utf-8"))), False
    record = run()
    entry.parent.mkdir(parents=True, exist_ok=True)
    for old in entry.parent.glob("*.json"):
        old.unlink(missing_ok=True)
    tmp = entry.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
    tmp.write_text(json.dumps(asdict(record), ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(entry)
    return record, True


def snippet_payload(spec: Spec) -> bytes:
    return b"\0".join((ROOT / rel).read_bytes() for rel in (spec.path, *spec.helpers))


def prune_cache(paths: list[str]) -> None:
    """Drop the cache folders of snippets that no longer exist."""
    live = {_slot(p).name for p in paths}
    for slot in CACHE.glob("snippets_*"):
        if slot.is_dir() and slot.name not in live:
            shutil.rmtree(slot, ignore_errors=True)


def normalise(output: str, measured: list[str] | tuple[str, ...]) -> str:
    """The output with exactly the declared measured values replaced: what must repeat run after run."""
    for pattern in measured:
        output = re.sub(pattern, "<measured>", output)
    return output


# ---------------------------------------------------------------------------------------------------------
# Processes


def run_env(device: str, extra: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(
        os.environ,
        DOCS_DEVICE=device,
        PYTHONHASHSEED="0",
        PYTHONIOENCODING="utf-8",
        PYTHONUNBUFFERED="1",
        CUBLAS_WORKSPACE_CONFIG=":4096:8",
        OMP_NUM_THREADS=str(threads_per_run()),
        PYTHONPATH=os.pathsep.join([str(SITE_DIR), str(HOOKS)]),
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",  # this venv's tools
        **(extra or {}),
    )
    env.pop("PYTORCH_NVML_BASED_CUDA_CHECK", None)  # the test process's setting, not the reader's
    if device == "cpu":
        env["CUDA_VISIBLE_DEVICES"] = ""  # the record says cpu, so the snippet must not find a GPU
    # Processes the snippet starts itself may choose other GPUs on purpose: only those that see what the
    # runner set are checked against the device (hooks/snippet_site/sitecustomize.py).
    env["DOCS_VISIBLE_DEVICES"] = env.get("CUDA_VISIBLE_DEVICES", "<unset>")
    return env


def live_group_members(pgid: int, mark: str | None = None) -> list[int]:
    """Processes (not zombies) still in process group `pgid`, or started with DOCS_RUN=<mark> in their
    environment (horovodrun starts each rank in a session of its own, outside the launcher's group)."""
    needle = f"\0DOCS_RUN={mark}\0".encode() if mark else None
    pids = []
    for stat in glob.glob("/proc/[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = Path(stat).read_text().rsplit(")", 1)[1].split()
            if fields[0] != "Z" and (
                int(fields[2]) == pgid
                or (needle and needle in b"\0" + Path(stat).with_name("environ").read_bytes())
            ):
                pids.append(int(Path(stat).parent.name))
    return pids


def kill_group(pgid: int, mark: str | None = None) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)
    for pid in live_group_members(pgid, mark) if mark else ():
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)


def reap_leftovers(
    path: str, pgid: int, what: str = "the snippet", exiting: int | None = None, mark: str | None = None
) -> None:
    """Fail, after killing them, if processes of a finished run are still alive (`exiting`: a pid that has
    said it is exiting, which may take a few more milliseconds to go; `mark`: see live_group_members)."""
    deadline = time.monotonic() + 2  # exiting children may need a moment to go
    while (
        left := [p for p in live_group_members(pgid, mark) if p != exiting]
    ) and time.monotonic() < deadline:
        time.sleep(0.05)
    if left:
        kill_group(pgid, mark)
        raise SnippetError(f"{path}: {what} left {len(left)} process(es) behind (pids {left}); killed them")


def free_port() -> int:
    """A port that was free a moment ago; callers that bind later retry on a clash (see start_server)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_http(url: str, proc: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode} before answering {url}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"{url} did not answer within {timeout} s")


def start_server(command: Callable[[int], list[str]], tries: int = 5, timeout: float = 60, **popen):
    """Start a server on 127.0.0.1 on a free port in its own process group; (proc, port) once it answers.

    The port is found free and then bound by the server, so another process can take it in between: when
    the server exits before answering, it is started again on another port.
    """
    last = None
    for _ in range(tries):
        port = free_port()
        proc = subprocess.Popen(command(port), start_new_session=True, **popen)
        try:
            wait_for_http(f"http://127.0.0.1:{port}/", proc, timeout)
            return proc, port
        except RuntimeError as exc:  # exited early: most likely the port was taken
            last = exc
            stop_server(proc)
    raise RuntimeError(f"server did not start after {tries} tries: {last}")


def stop_server(proc: subprocess.Popen) -> None:
    """Stop a server started by start_server, and everything it started, by its process group."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=10)
    kill_group(proc.pid)
    proc.wait()
    # SIGKILL is asynchronous: a large process (the fork server holds torch) takes a moment to go.
    deadline = time.monotonic() + 10
    while live_group_members(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.05)


@contextlib.contextmanager
def snippet_server(spec: Spec, cwd: Path, log: Path):
    """The `# server:` command, run by bash in the snippet's working folder on a free port (given to both
    as PORT), for the length of one run. The server gets the reader's environment, not the snippet policy."""
    if not spec.server:
        yield {}
        return
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    with open(log, "wb") as out:
        try:
            proc, port = _start_declared_server(spec, cwd, env, out)
        except RuntimeError as exc:
            tail = log.read_text(errors="replace")[-2000:]
            raise SnippetError(
                f"{spec.path}: '# server: {spec.server}' did not start: {exc}\n{tail}"
            ) from None
        try:
            yield {"PORT": str(port)}
        finally:
            stop_server(proc)


def _start_declared_server(spec: Spec, cwd: Path, env: dict[str, str], out) -> tuple[subprocess.Popen, int]:
    def command(port: int) -> list[str]:
        env["PORT"] = str(port)
        return ["bash", "-c", spec.server]

    return start_server(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env)


# ---------------------------------------------------------------------------------------------------------
# Running a file in this process: the forked child of the build, or a test module's forked child


@contextlib.contextmanager
def captured_output(target: Path):
    """fd 1 and 2 (and sys.stdout/stderr) into one file, like `python f.py >out 2>&1` run unbuffered."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved, streams = (os.dup(1), os.dup(2)), (sys.stdout, sys.stderr)
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)

    def stream(fd: int, errors: str) -> io.TextIOWrapper:
        raw = io.FileIO(fd, "w", closefd=False)
        return io.TextIOWrapper(raw, encoding="utf-8", errors=errors, line_buffering=True, write_through=True)

    sys.stdout, sys.stderr = stream(1, "strict"), stream(2, "backslashreplace")
    try:
        yield
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        sys.stdout, sys.stderr = streams
        for fd, copy in zip((1, 2), saved, strict=True):
            os.dup2(copy, fd)
            os.close(copy)


def exec_file(path: str, args: tuple[str, ...] = ()) -> dict:
    """Run snippets/... here as `python <path> <args>` would: as __main__, its folder first on sys.path."""
    import runpy

    target = ROOT / path
    sys.argv = [str(target), *args]
    sys.path.insert(0, str(target.parent))
    try:
        return runpy.run_path(str(target), run_name="__main__")
    finally:
        sys.path.remove(str(target.parent))


def exec_cells(cells: list[str], tmp: Path) -> list[list[dict]]:
    """Run notebook code cells in one namespace, as a Jupyter kernel would for text: each cell's printed
    output, and the repr of a final expression (unless None). Returns nbformat outputs per cell."""
    namespace: dict = {"__name__": "__main__"}
    results = []
    for i, source in enumerate(cells):
        tree = ast.parse(source, filename=f"<cell {i}>")
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        printed = tmp / f"cell-{i}.txt"
        value = None
        with captured_output(printed):
            exec(compile(tree, f"<cell {i}>", "exec"), namespace)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), f"<cell {i}>", "eval"), namespace)
        outputs = []
        if text := printed.read_text(encoding="utf-8"):
            outputs.append({"output_type": "stream", "name": "stdout", "text": text})
        if value is not None:
            outputs.append(
                {
                    "output_type": "execute_result",
                    "execution_count": i + 1,
                    "metadata": {},
                    "data": {"text/plain": repr(value)},
                }
            )
        results.append(outputs)
    return results


def run_cells(
    name: str, cells: list[str], device: str, timeout: int = TIMEOUT_S
) -> tuple[list[list[dict]], float, float]:
    """Notebook code cells in one forked child (no Jupyter kernel to start): (outputs per cell, seconds of
    the whole run, seconds in the cells themselves)."""
    with tempfile.TemporaryDirectory(prefix="notebook-") as tmp_name:
        tmp = Path(tmp_name)
        (tmp / "cwd").mkdir()
        job = {
            "path": name,
            "cells": cells,
            "args": [],
            "env": run_env(device),
            "cwd": str(tmp / "cwd"),
            "threads": threads_per_run(),
            "output": str(tmp / "output.txt"),
            "result": str(tmp / "result.json"),
            "cells_result": str(tmp / "cells.json"),
        }
        start = time.perf_counter()
        pid, code, timed_out = zygote().run(job, timeout)
        output = (tmp / "output.txt").read_text(encoding="utf-8", errors="replace")
        if timed_out or code != 0:
            why = f"timed out after {timeout} s" if timed_out else f"failed (exit {code})"
            raise SnippetError(f"{name} {why}:\n{_tail(output)}")
        reap_leftovers(name, pid, exiting=pid)
        compute = json.loads((tmp / "result.json").read_text())["compute"]
        outputs = json.loads((tmp / "cells.json").read_text(encoding="utf-8"))
        return outputs, time.perf_counter() - start, compute


def print_exception(exc: BaseException) -> None:
    """The traceback a fresh `python <file>` prints: without the frames of this runner and runpy."""
    import runpy
    import traceback

    tb = traceback.TracebackException.from_exception(exc)
    internal = {runpy.__file__, __file__}
    tb.stack = traceback.StackSummary.from_list([f for f in tb.stack if f.filename not in internal])
    print("".join(tb.format()), end="", file=sys.stderr)


def exit_code(exc: SystemExit) -> int:
    if exc.code is None or isinstance(exc.code, int):
        return exc.code or 0
    print(exc.code, file=sys.stderr)
    return 1


def _fork_child(job: dict, answers: int) -> None:
    """In a child of the fork server: run one snippet as `python <file>`, write its output, say so, exit."""
    os.setpgid(0, 0)  # its own process group, so a timeout can kill everything it started
    os.environ.clear()
    os.environ.update(job["env"])
    os.chdir(job["cwd"])
    code, compute = 0, 0.0
    with captured_output(Path(job["output"])):
        try:
            import snippet_zygote

            if snippet_zygote.PRELOAD_ERROR:
                raise SnippetError(f"preloading torch failed:\n{snippet_zygote.PRELOAD_ERROR}")
            import torch

            torch.set_num_threads(job["threads"])
            check_device(job["path"])
            start = time.perf_counter()
            try:
                if "cells" in job:
                    sys.argv = [str(ROOT / job["path"])]
                    outputs = exec_cells(job["cells"], Path(job["output"]).parent)
                    Path(job["cells_result"]).write_text(json.dumps(outputs), encoding="utf-8")
                else:
                    exec_file(job["path"], tuple(job["args"]))
            finally:
                compute = time.perf_counter() - start
        except SystemExit as exc:
            code = exit_code(exc)
        except BaseException as exc:
            print_exception(exc)
            code = 1
    Path(job["result"]).write_text(json.dumps({"compute": compute}))
    os.write(answers, (json.dumps({"id": job["id"], "exit": code}) + "\n").encode())  # one write: atomic
    os._exit(code)


class Zygote:
    """The fork server: one long-lived `python hooks/snippet_zygote.py` that imported torch once. It forks a
    child per job; this side sends jobs and waits for their exit codes (a reader thread sorts the answers).
    It lives as long as this process, so under `mkdocs serve` it outlives every rebuild."""

    def __init__(self) -> None:
        env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(HOOKS))  # hash seed: fixed at start
        self.proc = subprocess.Popen(
            [sys.executable, str(HOOKS / "snippet_zygote.py")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=ROOT,
            env=env,
        )
        self.lock = threading.Lock()
        self.jobs: dict[int, dict] = {}
        self.next_id = 0
        threading.Thread(target=self._answers, daemon=True, name="zygote-answers").start()

    def _answers(self) -> None:
        for line in self.proc.stdout:
            msg = json.loads(line)
            slot = self.jobs.get(msg["id"])
            if slot is None or ("exit" in msg and slot["done"].is_set()):
                continue  # the server's answer after the child's own: nothing new
            slot.update(msg)
            slot["started" if "pid" in msg else "done"].set()
        for slot in list(self.jobs.values()):  # the server died: nothing pending will ever answer
            slot.setdefault("exit", None)
            slot["started"].set()
            slot["done"].set()

    def alive(self) -> bool:
        return self.proc.poll() is None

    def run(self, job: dict, timeout: float) -> tuple[int, int | None, bool]:
        """(pid, exit code, timed out). A timeout kills the child's whole process group."""
        with self.lock:
            job_id, self.next_id = self.next_id, self.next_id + 1
            slot = self.jobs[job_id] = {"started": threading.Event(), "done": threading.Event()}
            self.proc.stdin.write((json.dumps({**job, "id": job_id}) + "\n").encode())
            self.proc.stdin.flush()
        try:
            if not slot["started"].wait(120) or "pid" not in slot:
                raise SnippetError(f"{job['path']}: the fork server did not start it (it exited?)")
            timed_out = not slot["done"].wait(timeout)
            if timed_out:
                kill_group(slot["pid"])
                slot["done"].wait(30)
            return slot["pid"], slot.get("exit"), timed_out
        finally:
            del self.jobs[job_id]

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


_ZYGOTE_LOCK = threading.Lock()
_zygote: Zygote | None = None


def zygote() -> Zygote:
    global _zygote
    with _ZYGOTE_LOCK:
        if _zygote is None or not _zygote.alive():
            _zygote = Zygote()
            atexit.register(_zygote.close)
        return _zygote


def _run_forked(spec: Spec, tmp: Path, cwd: Path, env: dict[str, str]) -> tuple[int, str, float]:
    job = {
        "path": spec.path,
        "args": list(spec.argv[spec.argv.index(spec.path) + 1 :]),
        "env": env,
        "cwd": str(cwd),
        "threads": threads_per_run(),
        "output": str(tmp / "output.txt"),
        "result": str(tmp / "result.json"),
    }
    output_file = tmp / "output.txt"
    pid, code, timed_out = zygote().run(job, spec.timeout)
    output = output_file.read_text(encoding="utf-8", errors="replace") if output_file.exists() else ""
    if timed_out:
        raise SnippetError(
            f"{spec.path}: timed out after {spec.timeout} s; killed its process group\n{_tail(output)}"
        )
    if code is None:
        raise SnippetError(f"{spec.path}: the fork server died while running it\n{_tail(output)}")
    reap_leftovers(spec.path, pid, exiting=pid)
    result = tmp / "result.json"
    compute = json.loads(result.read_text())["compute"] if result.exists() else 0.0
    return code, output, compute


def _command(spec: Spec, logdir: Path) -> list[str]:
    """The reader's command line with this venv's programs and the file's absolute path."""
    args = [str(ROOT / a) if a == spec.path else a for a in spec.argv[1:]]
    if spec.launcher == "python":
        return [sys.executable, *args]
    if spec.launcher == "horovodrun":  # it also writes each rank's output to <logdir>/rank.N/stdout|stderr
        return [str(Path(sys.executable).with_name("horovodrun")), "--output-filename", str(logdir), *args]
    # torchrun: each rank's stdout and stderr go to their own files, read back in rank order.
    return [
        str(Path(sys.executable).with_name("torchrun")),
        "--log-dir",
        str(logdir),
        "--redirects",
        "3",
        *args,
    ]


def rank_outputs(logdir: Path, launcher: str = "torchrun") -> str:
    """Every rank's output, rank 0 first, each line prefixed with its rank (a stable order)."""
    lines = []
    if launcher == "horovodrun":  # <logdir>/rank.<N, zero-padded>/stdout, lines prefixed "[N]<stdout>:"
        ranks = {int(d.name.split(".")[1]): d for d in logdir.glob("rank.*")}
        streams = ("stdout", "stderr")
    else:
        ranks = {int(Path(d).name): Path(d) for d in glob.glob(str(logdir / "*" / "attempt_*" / "[0-9]*"))}
        streams = ("stdout.log", "stderr.log")
    for rank in sorted(ranks):
        for stream in streams:
            text = (ranks[rank] / stream).read_text(encoding="utf-8", errors="replace")
            text = re.sub(r"^\[\d+\]<std(?:out|err)>:", "", text, flags=re.M)
            # torch already prefixes an uncaught exception's lines with "[rankN]:"
            lines += [
                ln if ln.startswith(f"[rank{rank}]") else f"[rank{rank}] {ln}" for ln in text.splitlines()
            ]
    return "\n".join(lines) + ("\n" if lines else "")


FOLLOW_ON_ERRORS = (
    "Horovod has been shut down|HorovodInternalError|[Cc]onnection (?:closed|reset) by peer|Broken pipe"
)


def failed_rank(launcher_output: str, ranks: str = "") -> str | None:
    """The rank that made the job fail. torchrun names it ("Root Cause"); horovodrun names the first rank
    to exit, which may be one that Horovod stopped because another rank failed: those are passed over."""
    m = re.search(r"Root Cause.*?rank\s*:\s*(\d+)", launcher_output, re.S)
    if m:
        return m[1]
    exited = re.findall(r"^Process (\d+) exit with status code", launcher_output, re.M)
    # a rank stopped because another failed says so in Horovod's words, or its gloo link to that rank broke
    stopped = set(re.findall(rf"^\[rank(\d+)\] .*(?:{FOLLOW_ON_ERRORS})", ranks, re.M))
    return next((r for r in exited if r not in stopped), exited[0] if exited else None)


def _run_process(spec: Spec, tmp: Path, cwd: Path, env: dict[str, str]) -> tuple[int, str, float]:
    """A fresh interpreter (or launcher) in its own process group; the whole group dies on a timeout."""
    logdir = tmp / "ranks"
    launcher_log = tmp / "launcher.txt"
    mark = tmp.name  # finds the ranks that leave the launcher's process group (see live_group_members)
    start = time.perf_counter()
    with open(launcher_log, "wb") as out:
        proc = subprocess.Popen(
            _command(spec, logdir),
            cwd=cwd,
            env=dict(env, DOCS_RUN=mark),
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            proc.wait(timeout=spec.timeout)
        except subprocess.TimeoutExpired:
            kill_group(proc.pid, mark)
            proc.wait()
            raise SnippetError(
                f"{spec.path}: timed out after {spec.timeout} s; killed its process group\n"
                + _tail(
                    launcher_log.read_text(errors="replace")
                    + (rank_outputs(logdir, spec.launcher) if logdir.exists() else "")
                )
            ) from None
    seconds = time.perf_counter() - start
    reap_leftovers(spec.path, proc.pid, mark=mark)
    output = launcher_log.read_text(encoding="utf-8", errors="replace")
    if spec.launcher != "python":
        ranks = rank_outputs(logdir, spec.launcher)
        if proc.returncode != 0:
            rank = failed_rank(output, ranks)
            raise SnippetError(
                f"{spec.path} failed (exit {proc.returncode})"
                + (f": rank {rank} failed first" if rank else "")
                + "\n"
                + _tail(ranks)
                + "\n"
                + _root_cause(output)
            )
        output = ranks
    return proc.returncode, output, seconds


def _root_cause(launcher_output: str) -> str:
    """The launcher's summary of the failure (its own traceback above it says nothing about the snippet):
    torchrun's "Root Cause" block, or each rank's exit code as horovodrun reports it."""
    m = re.search(r"^Root Cause.*?^=+$", launcher_output, re.S | re.M)
    exits = re.findall(r"^Process \d+ exit with status code \d+\.$", launcher_output, re.M)
    return m[0] if m else "\n".join(exits) or _tail(launcher_output, 15)


def _tail(text: str, lines: int = 40) -> str:
    return "\n".join(text.splitlines()[-lines:])


# torch/gloo race at interpreter exit: a gloo worker thread frees a finished collective while Python shuts
# down, and the rank dies with SIGABRT after its program has finished (same mechanism as pytorch PR #179291).
# Seen a few times in a hundred multi-process runs under load, never in the lesson code's own logic.
EXIT_ABORT = "terminate called without an active exception"


def run_one(path: str, device: str, *, fresh: bool = False) -> Record:
    """Run one snippet as its header says (forked, or in a fresh interpreter when fresh=True or another
    launcher is named); raise SnippetError naming the file if it fails, hangs or leaves processes behind.
    A run that fails with the exit abort above (torchrun, horovodrun or mp.spawn ranks) is run once more; a
    second failure stands."""
    try:
        return _run_once(path, device, fresh=fresh)
    except SnippetError as exc:
        if EXIT_ABORT not in str(exc):
            raise
        print(f"{path}: a rank aborted at exit (torch/gloo exit race); running it once more", file=sys.stderr)
        return _run_once(path, device, fresh=fresh)


def _run_once(path: str, device: str, *, fresh: bool = False) -> Record:
    spec = read_spec(path)
    if spec.needs_cuda and device != "cuda":
        return new_record(
            path, 0.0, device, "", status="cuda-only", kind=spec.kind, measured=list(spec.measured)
        )
    with tempfile.TemporaryDirectory(prefix="snippet-") as tmp_name:
        tmp = Path(tmp_name)
        cwd = tmp / "cwd"  # files a snippet writes land here, never in the repository
        cwd.mkdir()
        env = run_env(device)
        start = time.perf_counter()
        with snippet_server(spec, cwd, tmp / "server.log") as server_env:
            env.update(server_env)
            forked = spec.launcher == "python" and not fresh
            code, output, compute = (_run_forked if forked else _run_process)(spec, tmp, cwd, env)
        seconds = round(time.perf_counter() - start, 3)
        figures = {name: (cwd / name).read_bytes() for name in spec.figures if (cwd / name).is_file()}
    if code != 0:
        raise SnippetError(f"{path} failed (exit {code}):\n{_tail(output)}")
    if missing := [name for name in spec.figures if name not in figures]:
        raise SnippetError(f"{path}: declares '# figure: {missing[0]}' but the run did not write that file")
    return new_record(
        path,
        seconds,
        device,
        output,
        compute=round(compute, 3),
        kind=spec.kind,
        measured=list(spec.measured),
        figures={name: base64.b64encode(data).decode("ascii") for name, data in figures.items()},
    )


def run_all(
    paths: list[str] | None = None, device: str | None = None, *, fresh: bool = False, use_cache: bool = True
) -> tuple[dict[str, Record], list[str]]:
    """Run (or fetch from cache) every snippet, in parallel. Returns (records by path, paths that ran).

    All failures are collected and raised together, so one build reports every broken file.
    """
    everything = paths is None
    paths = all_snippets() if paths is None else paths
    device = device or detect_device()
    env_key = environment_key(device)
    records, ran, errors = {}, [], []

    def one(path: str) -> tuple[Record, bool]:
        spec = read_spec(path)
        run = lambda: run_one(path, device, fresh=fresh)  # noqa: E731
        if not use_cache:
            return run(), True
        return cached(path, device, snippet_payload(spec), run, env_key)

    with ThreadPoolExecutor(max_workers=max(1, min(len(paths), workers()))) as pool:
        futures = {p: pool.submit(one, p) for p in paths}
        for p, fut in futures.items():
            try:
                records[p], did_run = fut.result()
                if did_run:
                    ran.append(p)
            except SnippetError as exc:
                errors.append(str(exc))
    if errors:
        raise SnippetError("\n\n".join(errors))
    if everything and use_cache:
        prune_cache(paths)
    return records, ran


# ---------------------------------------------------------------------------------------------------------
# Outputs recorded on a GPU, committed as text, shown by CPU-only builds


@dataclass(frozen=True)
class Recording:
    path: str
    source: str  # source_hash of the snippet and its helpers when it was recorded
    torch: str
    gpu: str
    date: str
    output: str

    @property
    def stale(self) -> bool:
        return self.source != source_hash(read_spec(self.path))


def recording_file(path: str) -> Path:
    return RECORDINGS / Path(path).relative_to("snippets").with_suffix(".txt")


def read_recording(path: str) -> Recording | None:
    file = recording_file(path)
    if not file.exists():
        return None
    head, sep, output = file.read_text(encoding="utf-8").partition("\n---\n")
    fields = dict(line.split(": ", 1) for line in head.splitlines())
    if not sep or set(fields) != {"snippet", "source", "torch", "gpu", "date"} or fields["snippet"] != path:
        raise SnippetError(
            f"{file.relative_to(ROOT)}: not a recording of {path} (see hooks/snippet_runner.py)"
        )
    return Recording(
        fields["snippet"], fields["source"], fields["torch"], fields["gpu"], fields["date"], output
    )


def write_recording(record: Record) -> Path:
    file = recording_file(record.path)
    file.parent.mkdir(parents=True, exist_ok=True)
    head = {
        "snippet": record.path,
        "source": source_hash(read_spec(record.path)),
        "torch": record.torch,
        "gpu": record.hardware,
        "date": record.date,
    }
    file.write_text(
        "".join(f"{k}: {v}\n" for k, v in head.items()) + "---\n" + record.output, encoding="utf-8"
    )
    return file


def record_all() -> list[Path]:
    """`make record`: run every snippet marked `# needs: cuda` or `# record: cuda` on this GPU and keep
    its output under recordings/cuda/, to be committed."""
    if detect_device() != "cuda":
        raise SnippetError("make record needs a CUDA GPU, and this machine has none (DOCS_DEVICE / nvidia)")
    wanted = [p for p in all_snippets() if read_spec(p).record_cuda]
    records, _ = run_all(wanted, "cuda", use_cache=False)
    return [write_recording(records[p]) for p in wanted]


def run_shard(targets: list[str]) -> tuple[list[str], int]:
    """`--run`: the snippets under the given folders or files, and with `examples` the notebook examples, run
    (or fetched) through the cache exactly as the build does: CI's shards each write their records, and the
    build that gets them all merged runs nothing. Returns (what ran, how many came from the cache)."""
    paths, examples = [], []
    for target in (t.rstrip("/") for t in targets):
        found = [p for p in all_snippets() if p == target or p.startswith(f"{target}/")]
        if target == "examples":
            import notebooks  # the mkdocs side (jupytext), for this target only

            examples = notebooks.notebook_examples()
        elif not found:
            raise SnippetError(f"--run {target}: no snippet or notebook example there")
        paths += [p for p in found if p not in paths]
    device = detect_device()
    ran = run_all(paths, device)[1] if paths else []
    for example in examples:
        rel = example.relative_to(ROOT).as_posix()
        fresh = not cache_entry(rel, device, json.dumps(notebooks.code_cells(example)).encode()).exists()
        notebooks.executed(example, device)
        ran += [rel] if fresh else []
    return ran, len(paths) + len(examples) - len(ran)


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "--exec":
        record = run_one(argv[1], detect_device())
        sys.stdout.write(record.output)
        return 0
    if argv == ["--record"]:
        for file in record_all():
            print(file.relative_to(ROOT))
        return 0
    if len(argv) > 1 and argv[0] == "--run":
        ran, from_cache = run_shard(argv[1:])
        print("".join(f"ran {path}\n" for path in ran) + f"snippets: {len(ran)} ran, {from_cache} from cache")
        return 0
    print(__doc__.split("\n\n")[-1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.path.insert(0, str(HOOKS))
    import snippet_runner  # this file under its importable name (the fork server imports it so too)

    try:
        sys.exit(snippet_runner.main(sys.argv[1:]))
    except snippet_runner.SnippetError as exc:  # raised by the module, not by this __main__ copy
        sys.exit(str(exc))
