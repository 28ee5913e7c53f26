"""Running snippets and notebook cells: forked from the fork server (`python <file>`, the default, and
torchrun with its ranks) or as the reader's command line (horovodrun, or fresh=True), in a throwaway working
folder, failures raised as SnippetError naming the file, processes left behind killed and reported."""

from __future__ import annotations

import base64
import json
import tempfile
import threading
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import docs_runner.paths as project
from docs_runner import cache, launchers, machine
from docs_runner.errors import SnippetError
from docs_runner.forkserver.client import fork_server
from docs_runner.policy import child_env
from docs_runner.procs import reap_leftovers, snippet_server, tail
from docs_runner.records import Record, new_record
from docs_runner.spec import TIMEOUT_S, Spec, all_snippets, read_spec

SERVER_START_S = 60  # a `# server:` must answer within this (or the snippet's own timeout, if shorter)


def _forked(
    job: dict, name: str, timeout: float, tmp: Path, fork_ranks: bool = False, shown_too=None
) -> tuple[int, str, float]:
    """Send one job to the fork server; (exit code, output, seconds in the code itself). fork_ranks: the
    ranks of a torchrun the job starts are forked from the same server (rank.py). shown_too(): more output
    for the message of a run that timed out or lost its server (the ranks' logs of a forked torchrun)."""
    output_file, result = tmp / "output.txt", tmp / "result.json"
    # The mark finds what the run starts in sessions of its own (outside its process group): a timeout
    # kills those too, and a run that leaves one behind fails (see live_group_members).
    mark = tmp.name
    env = dict(job["env"], DOCS_RUN=mark)
    job = {**job, "env": env, "output": str(output_file), "result": str(result)}
    try:
        server = fork_server()
        if fork_ranks:
            env.update(server.rank_env())
        pid, code, timed_out = server.run(job, timeout)
    except OSError as exc:  # the server died after fork_server() found it alive: the next job starts another
        raise SnippetError(f"{name}: lost the fork server before it started the run ({exc})") from None
    output = output_file.read_text(encoding="utf-8", errors="replace") if output_file.exists() else ""
    if (timed_out or code is None) and shown_too is not None:
        output += shown_too()
    if timed_out:
        raise SnippetError(f"{name}: timed out after {timeout} s; killed its process group\n{tail(output)}")
    if code is None:
        raise SnippetError(f"{name}: the fork server died while running it\n{tail(output)}")
    reap_leftovers(name, pid, exiting=pid, mark=mark)
    compute = json.loads(result.read_text())["compute"] if result.exists() else 0.0
    return code, output, compute


def _forked_torchrun(spec: Spec, tmp: Path, cwd: Path, env: dict[str, str]) -> tuple[int, str]:
    """A torchrun file with torchrun itself forked from the fork server, its console script run there as
    `torchrun ...` would run it, and its ranks forked too (rank.py): a fresh torchrun imports torch again,
    about 2.9 CPU-s a run on 2 cores, most of a small launched file. (exit code, the ranks' output)."""
    logdir = tmp / "ranks"
    argv = launchers.command(spec, logdir)
    job = {"path": spec.path, "file": argv[0], "args": argv[1:], "env": env, "cwd": str(cwd)}

    def ranks_so_far() -> str:
        return launchers.rank_outputs(logdir) if logdir.exists() else ""

    code, output, _ = _forked(job, spec.path, spec.timeout, tmp, fork_ranks=True, shown_too=ranks_so_far)
    return code, launchers.launched_output(spec, code, output, logdir)


def run_one(path: str, device: str, *, fresh: bool = False) -> Record:
    """Run one snippet as its header says (forked, or in a fresh interpreter when fresh=True or another
    launcher is named); raise SnippetError naming the file if it fails, hangs or leaves processes behind."""
    return _run_spec(read_spec(path), device, fresh=fresh)


def _run_spec(spec: Spec, device: str, *, fresh: bool, fork_ranks: bool = True) -> Record:
    """fork_ranks=False: torchrun's ranks are fresh interpreters even where the file itself is forked (the
    version matrix, which reports what a reader's `torchrun` does on each release, exit included)."""
    return launchers.retry_exit_abort(
        spec.path, lambda: _run_once(spec, device, fresh=fresh, fork_ranks=fork_ranks)
    )


def _run_once(spec: Spec, device: str, *, fresh: bool, fork_ranks: bool = True) -> Record:
    if spec.needs_cuda and device != "cuda":
        return new_record(
            spec.path, 0.0, device, "", status="cuda-only", kind=spec.kind, measured=list(spec.measured)
        )
    with tempfile.TemporaryDirectory(prefix="snippet-") as tmp_name:
        tmp = Path(tmp_name)
        cwd = tmp / "cwd"  # files a snippet writes land here, never in the repository
        cwd.mkdir()
        start = time.perf_counter()
        log, server_start = tmp / "server.log", min(SERVER_START_S, spec.timeout)
        with snippet_server(spec.path, spec.server, cwd, log, timeout=server_start) as server_env:
            env = child_env(device, **server_env)
            if spec.launcher == "python" and not fresh:
                args = list(spec.argv[spec.argv.index(spec.path) + 1 :])
                job = {
                    "path": spec.path,
                    "file": str(project.ROOT / spec.path),
                    "args": args,
                    "env": env,
                    "cwd": str(cwd),
                }
                code, output, compute = _forked(job, spec.path, spec.timeout, tmp, fork_ranks)
            elif spec.launcher == "torchrun" and fork_ranks and not fresh:
                code, output = _forked_torchrun(spec, tmp, cwd, env)
                compute = None  # ranks and a launcher: no single "code itself" time to report
            else:  # horovodrun, or fresh: the reader's command line as it is
                if fork_ranks and not fresh:  # torchrun's ranks forked (rank.py) where a file starts one
                    env.update(fork_server().rank_env())
                (code, output), compute = launchers.run_launched(spec, tmp, cwd, env), None
        seconds = round(time.perf_counter() - start, 3)
        figures = {name: (cwd / name).read_bytes() for name in spec.figures if (cwd / name).is_file()}
    if code != 0:
        raise SnippetError(f"{spec.path} failed (exit {code}):\n{tail(output)}")
    if missing := [name for name in spec.figures if name not in figures]:
        raise SnippetError(
            f"{spec.path}: declares '# figure: {missing[0]}' but the run did not write that file"
        )
    return new_record(
        spec.path,
        seconds,
        device,
        output,
        compute=None if compute is None else round(compute, 3),
        kind=spec.kind,
        measured=list(spec.measured),
        figures={name: base64.b64encode(data).decode("ascii") for name, data in figures.items()},
    )


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
            "file": str(project.ROOT / name),
            "cells": cells,
            "env": child_env(device),
            "cwd": str(tmp / "cwd"),
        }
        job["cells_result"] = str(tmp / "cells.json")
        start = time.perf_counter()
        code, output, compute = _forked(job, name, timeout, tmp)
        if code != 0:
            raise SnippetError(f"{name} failed (exit {code}):\n{tail(output)}")
        outputs = json.loads((tmp / "cells.json").read_text(encoding="utf-8"))
        return outputs, time.perf_counter() - start, compute


class Cores:
    """Lets a run start only while the runs' weights fit in the cores (cores_held; a run heavier than the
    machine runs alone)."""

    def __init__(self, total: int) -> None:
        self.total, self.free = total, total
        self.cond = threading.Condition()

    def hold(self, weight: int):
        weight = min(weight, self.total)
        cores = self

        class Held:
            def __enter__(self):
                with cores.cond:
                    cores.cond.wait_for(lambda: cores.free >= weight)
                    cores.free -= weight

            def __exit__(self, *exc):
                with cores.cond:
                    cores.free += weight
                    cores.cond.notify_all()

        return Held()


def cores_held(spec: Spec) -> int:
    """How many cores a run counts for: one for a plain file, half a core per rank for a launched one,
    rounded up. A launched file's ranks wait on each other and on its launcher's start: holding a core per
    rank, the 45 launched files of a cold run left the 2 cores 25-40 % idle (vmstat, 2026-12-07)."""
    return (spec.ranks + 1) // 2


def run_all(
    paths: list[str] | None = None, device: str | None = None, *, fresh: bool = False, use_cache: bool = True
) -> tuple[dict[str, Record], list[str]]:
    """Run (or fetch from cache) every snippet, in parallel. Returns (records by path, paths that ran).

    All failures are collected and raised together, so one build reports every broken file.
    """
    everything = paths is None
    paths = all_snippets() if paths is None else paths
    device = device or machine.detect_device()
    env_key = cache.environment_key(device)
    cores = Cores(machine.cores())
    records, ran, errors = {}, [], []
    specs: dict[str, Spec | SnippetError] = {}
    for path in paths:  # each header parsed once; a bad one is reported with the other failures
        try:
            specs[path] = read_spec(path)
        except SnippetError as exc:
            specs[path] = exc

    def one(path: str) -> tuple[Record, bool]:
        spec = specs[path]
        if isinstance(spec, SnippetError):
            raise spec

        def run() -> Record:
            with cores.hold(cores_held(spec)):
                return _run_spec(spec, device, fresh=fresh)

        if not use_cache:
            return run(), True
        return cache.cached(path, device, snippet_payload(spec), run, env_key)

    # The longest runs (launched, several ranks) start first; plain ones fill the cores around them.
    order = sorted(paths, key=lambda p: not isinstance(specs[p], Spec) or specs[p].ranks == 1)
    with ThreadPoolExecutor(max_workers=max(1, min(len(paths), machine.cores()))) as pool:
        futures = {p: pool.submit(one, p) for p in order}
        for p in paths:
            try:
                records[p], did_run = futures[p].result()
                if did_run:
                    ran.append(p)
            except SnippetError as exc:
                errors.append(str(exc))
            except Exception as exc:  # the engine's own fault, still this file's failure: name it, go on
                errors.append(engine_failure(p, exc))
    if errors:
        raise SnippetError("\n\n".join(errors))
    if everything and use_cache:
        cache.prune(paths, "snippets/")
    return records, ran


def engine_failure(path: str, exc: Exception) -> str:
    """A failure the engine did not foresee while running `path`, as a message naming the file."""
    trace = "".join(traceback.format_exception(exc))
    return f"{path}: the runner failed ({type(exc).__name__}: {exc})\n{tail(trace)}"


def snippet_payload(spec: Spec) -> bytes:
    """What the cache key hashes of the snippet itself: its source and its helpers'."""
    return b"\0".join((project.ROOT / rel).read_bytes() for rel in (spec.path, *spec.helpers))
