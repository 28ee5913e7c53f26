"""Starts the fork server once per process tree and sends it jobs.

The server belongs to the process that started it (stdin EOF stops it). A process forked from that one
(pytest's forked test modules) reaches the same server over its socket instead of starting a second one;
under `mkdocs serve` it outlives every rebuild.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from docs_runner import paths
from docs_runner.errors import SnippetError
from docs_runner.procs import kill_group

START_TIMEOUT_S = 300  # importing torch on a busy 2-core machine


class ForkServer:
    def __init__(self) -> None:
        self.owner = os.getpid()
        self.folder = Path(tempfile.mkdtemp(prefix="docs-forkserver-"))
        self.socket = str(self.folder / "socket")
        ready_r, ready_w = os.pipe()
        # the hash seed is fixed at start; this checkout's engine first, anything the caller had after it
        path = os.pathsep.join(p for p in (str(paths.ROOT), os.environ.get("PYTHONPATH", "")) if p)
        env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=path)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "docs_runner.forkserver.server", self.socket, str(ready_w)],
            stdin=subprocess.PIPE,
            stdout=2,  # fd 2: anything the imports print is the log's, never the protocol's
            cwd=paths.ROOT,
            env=env,
            pass_fds=(ready_w,),
        )
        os.close(ready_w)
        with os.fdopen(ready_r, "rb") as ready:
            said = ready.read().decode(errors="replace")  # EOF once the server listens, or died
        if not said.startswith("ready"):
            self.close()
            raise SnippetError(f"the fork server did not start ({said.strip() or 'it exited'})")

    def rank_env(self) -> dict[str, str]:
        """What a run's environment needs for torchrun to have this server fork its ranks (rank.py): torchrun
        starts PYTHON_EXEC for each rank, here a shell wrapper that runs rank.py under `python -S`."""
        wrapper = Path(self.folder) / "rank-python"
        if not wrapper.exists():
            rank = Path(__file__).with_name("rank.py")
            partial = wrapper.with_name(f"rank-python.{os.getpid()}.{threading.get_ident()}")
            quoted = f"{shlex.quote(sys.executable)} -S {shlex.quote(str(rank))}"  # a path may hold spaces
            partial.write_text(f'#!/bin/sh\nexec {quoted} "$@"\n', encoding="utf-8")
            partial.chmod(0o755)
            partial.replace(wrapper)  # whole or absent, for the threads of a build that ask at once
        return {
            "PYTHON_EXEC": str(wrapper),
            "DOCS_FORK_SOCKET": self.socket,
            "DOCS_REAL_PYTHON": sys.executable,
        }

    @property
    def pid(self) -> int:
        return self.proc.pid

    def alive(self) -> bool:
        if os.getpid() == self.owner:
            return self.proc.poll() is None
        try:  # a forked process: not our child, so ask the kernel and look for the socket
            os.kill(self.proc.pid, 0)
        except OSError:
            return False
        return os.path.exists(self.socket)

    def run(self, job: dict, timeout: float) -> tuple[int, int | None, bool]:
        """(pid, exit code or None if the server died, timed out). A timeout kills the child's group and the
        processes marked with the job's DOCS_RUN (those it started in sessions of their own)."""
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
            conn.connect(self.socket)
            conn.sendall((json.dumps(job) + "\n").encode())
            lines = conn.makefile("rb")
            conn.settimeout(START_TIMEOUT_S)
            first = lines.readline()
            if not first:
                raise SnippetError(f"{job['path']}: the fork server did not start it (it exited?)")
            started = json.loads(first)
            if "error" in started:
                raise SnippetError(f"{job['path']}: the fork server refused the job: {started['error']}")
            if "exit" in started:  # died before it could say it started: the server's word
                return started["pid"], started["exit"], False
            conn.settimeout(max(0.001, timeout))
            try:
                answer = lines.readline()
            except TimeoutError:
                kill_group(started["pid"], job["env"].get("DOCS_RUN"))
                return started["pid"], None, True
            return started["pid"], json.loads(answer)["exit"] if answer else None, False

    def close(self) -> None:
        if os.getpid() != self.owner:
            return
        with contextlib.suppress(OSError):
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


_LOCK = threading.Lock()
_server: ForkServer | None = None


def fork_server() -> ForkServer:
    """This process tree's server, started on first use (and again if it died)."""
    global _server
    with _LOCK:
        if _server is None or not _server.alive():
            if _server is not None:
                _server.close()
            _server = ForkServer()
            atexit.register(_server.close)
        return _server


def shutdown() -> None:
    """Stop the server now (an engine reload under `mkdocs serve` starts a new one from the new code)."""
    global _server
    with _LOCK:
        if _server is not None:
            _server.close()
            _server = None
