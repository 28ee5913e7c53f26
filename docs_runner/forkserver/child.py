"""Runs in a child of the fork server (and in pytest's forked test modules): one file as `python <file>`
would run it, or notebook cells as a kernel would, with stdout and stderr captured into one file; or one
rank of a torchrun job as its `python -u <file>` would run it, on the stand-in's stdin, stdout and stderr.

Imports only the standard library and docs_runner.policy, so nothing of the parent's machinery (client,
cache, launchers) is loaded into a run.
"""

from __future__ import annotations

import ast
import base64
import contextlib
import io
import json
import os
import sys
import time
from pathlib import Path

from docs_runner import paths, policy


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
    """Run a file (relative to ROOT, or absolute) as `python <path> <args>` would: as __main__, its folder
    first on sys.path."""
    import runpy

    target = paths.ROOT / path
    sys.argv = [str(target), *args]
    sys.path.insert(0, str(target.parent))
    try:
        return runpy.run_path(str(target), run_name="__main__")
    finally:
        sys.path.remove(str(target.parent))


def png_of(value) -> dict[str, str]:
    """{"image/png": base64} for a value Jupyter shows as a PNG (one with `_repr_png_`, such as
    IPython.display.Image), else {}."""
    shown = value._repr_png_() if callable(getattr(value, "_repr_png_", None)) else None
    if isinstance(shown, tuple):  # (data, metadata), when the image has a size or alt text
        shown = shown[0]
    if isinstance(shown, bytes):
        shown = base64.b64encode(shown).decode("ascii")
    return {"image/png": shown} if shown else {}


def exec_cells(cells: list[str], tmp: Path) -> list[list[dict]]:
    """Run notebook code cells in one namespace, as a Jupyter kernel would: each cell's printed output, and
    the repr of a final expression (unless None), with its PNG where Jupyter would show one (png_of).
    Returns nbformat outputs per cell."""
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
                    "data": {"text/plain": repr(value), **png_of(value)},
                }
            )
        results.append(outputs)
    return results


def runner_files() -> set[str]:
    """The files of frames that a fresh `python <file>` would not have: this module's and runpy's."""
    import runpy

    return {runpy.__file__, "<frozen runpy>", __file__}  # runpy is frozen from Python 3.11


def print_exception(exc: BaseException) -> None:
    """The traceback a fresh `python <file>` prints: without the frames of this module and runpy."""
    import traceback

    tb = traceback.TracebackException.from_exception(exc)
    internal = runner_files()
    tb.stack = traceback.StackSummary.from_list([f for f in tb.stack if f.filename not in internal])
    print("".join(tb.format()), end="", file=sys.stderr)


def uncaught(exc: BaseException) -> None:
    """What Python does with an uncaught exception: sys.excepthook (torch.distributed's prefixes each line
    with the rank), given the traceback from the file's own first frame on."""
    internal = runner_files()
    tb = exc.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename in internal:
        tb = tb.tb_next
    sys.excepthook(type(exc), exc.with_traceback(tb), tb)  # the hook may print the exception's own


def exit_code(exc: SystemExit) -> int:
    if exc.code is None or isinstance(exc.code, int):
        return exc.code or 0
    print(exc.code, file=sys.stderr)
    return 1


def run(job: dict, answers: int, preload_error: str | None) -> None:
    """Run one job, write its output and timing, say "done" on `answers`, exit. Never returns."""
    os.setpgid(0, 0)  # its own process group, so a timeout can kill everything it started
    pid = os.getpid()
    # This process says "started" and "done" itself, so the two lines always arrive in that order.
    os.write(answers, (json.dumps({"pid": pid}) + "\n").encode())
    code, compute = 0, 0.0
    with captured_output(Path(job["output"])):
        try:
            if preload_error:
                raise RuntimeError(f"preloading torch failed:\n{preload_error}")
            policy.enter(job["env"], job["cwd"])
            policy.check_device(job["path"])
            start = time.perf_counter()
            try:
                if "cells" in job:
                    sys.argv = [job["file"]]
                    outputs = exec_cells(job["cells"], Path(job["output"]).parent)
                    Path(job["cells_result"]).write_text(json.dumps(outputs), encoding="utf-8")
                else:
                    exec_file(job["file"], tuple(job["args"]))
            finally:
                compute = time.perf_counter() - start
        except SystemExit as exc:
            code = exit_code(exc)
        except BaseException as exc:
            print_exception(exc)
            code = 1
    Path(job["result"]).write_text(json.dumps({"compute": compute}))
    with contextlib.suppress(OSError):  # the client may have given up (timeout) and closed the socket
        os.write(answers, (json.dumps({"pid": pid, "exit": code}) + "\n").encode())  # one write: atomic
    os._exit(code)


def run_rank(job: dict, answers: int, fds: list[int], preload_error: str | None) -> None:
    """One rank that torchrun asked its stand-in (rank.py) for: `python -u FILE ARGS...` or `python -u -m
    MODULE ARGS...` on the stand-in's three streams, in its environment and folder. Says "started" and
    "exiting" like run(), then exits as a fresh interpreter does, shutdown included. Never returns."""
    import runpy

    os.setpgid(0, 0)  # its own process group: the stand-in forwards torchrun's signals to it
    pid = os.getpid()
    os.write(answers, (json.dumps({"pid": pid}) + "\n").encode())
    for fd, stream in zip(fds, (0, 1, 2), strict=True):
        os.dup2(fd, stream)
        os.close(fd)
    sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8", write_through=True)
    sys.stderr = io.TextIOWrapper(
        io.FileIO(2, "w", closefd=False), encoding="utf-8", errors="backslashreplace", write_through=True
    )
    code = 0
    try:
        if preload_error:
            raise RuntimeError(f"preloading torch failed:\n{preload_error}")
        policy.enter(job["env"], job["cwd"])
        args = job["rank"]
        module = args[0] == "-m"
        sys.argv = args[1:] if module else [*args]
        sys.path.insert(0, os.getcwd() if module else os.path.dirname(os.path.abspath(args[0])))
        # as startup/sitecustomize.py holds a fresh rank to the build's device
        if os.environ.get("DOCS_DEVICE") and policy.sees_build_devices():
            policy.check_device(sys.argv[0])
        if module:
            runpy.run_module(args[1], run_name="__main__", alter_sys=True)
        else:
            runpy.run_path(os.path.abspath(args[0]), run_name="__main__")
    except SystemExit as exc:
        code = exit_code(exc)
    except BaseException as exc:
        uncaught(exc)
        code = 1
    with contextlib.suppress(OSError):
        os.write(answers, (json.dumps({"pid": pid, "exit": code}) + "\n").encode())
        os.close(answers)
    # Then the interpreter's own shutdown, as a fresh rank's: exit handlers, threads joined, torch's and
    # gloo's destructors. Its timing matters: a rank that a failed rank took down must not die first, or
    # torchrun names it as the root cause. SystemExit unwinds the server's frames to the interpreter's exit.
    raise SystemExit(code)
