"""Processes: groups that a run owns and must leave empty, free ports, servers started for a run or a test.

Every server binds 127.0.0.1 on a free port, lives in its own process group and is stopped by it.
"""

from __future__ import annotations

import contextlib
import glob
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

from docs_runner.errors import SnippetError


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


def leftovers(pgid: int, exiting: int | None = None, mark: str | None = None) -> list[int]:
    """Processes of a finished run still alive after 2 s (exiting children may need a moment to go), killed.
    `exiting`: a pid that has said it is exiting, which may take a few more milliseconds; `mark`: see
    live_group_members."""
    deadline = time.monotonic() + 2
    while True:
        left = [pid for pid in live_group_members(pgid, mark) if pid != exiting]
        if not left or time.monotonic() >= deadline:
            break
        time.sleep(0.05)
    if left:
        kill_group(pgid, mark)
    return left


def reap_leftovers(
    path: str, pgid: int, what: str = "the snippet", exiting: int | None = None, mark: str | None = None
) -> None:
    """Fail, after killing them, if processes of a finished run are still alive (see leftovers)."""
    left = leftovers(pgid, exiting, mark)
    if left:
        raise SnippetError(f"{path}: {what} left {len(left)} process(es) behind (pids {left}); killed them")


def free_port() -> int:
    """A port that was free a moment ago; callers that bind later retry on a clash (see start_server)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerError(RuntimeError):
    """A server that exited, answered with an error status or did not answer in time (already stopped)."""


class ServerExited(ServerError):
    """Exited before answering: most likely another process took its port, so start_server tries again."""


def wait_for_http(url: str, proc: subprocess.Popen, timeout: float = 60) -> None:
    """Return once `url` answers 2xx; raise ServerError if the server exits, answers an error status (it is up
    but serves something else than the page it should) or says nothing for `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise ServerExited(f"server exited with {proc.returncode} before answering {url}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError as exc:
            exc.close()  # it holds the response's socket
            raise ServerError(f"{url} answered HTTP {exc.code} ({exc.reason})") from None
        except OSError:  # not listening yet
            time.sleep(0.2)
    raise ServerError(f"{url} did not answer within {timeout:g} s")


def start_server(command: Callable[[int], list[str]], tries: int = 5, timeout: float = 60, **popen):
    """Start a server on 127.0.0.1 on a free port in its own process group; (proc, port) once it answers.

    The port is found free and then bound by the server, so another process can take it in between: when
    the server exits before answering, it is started again on another port. Whatever else goes wrong
    (a timeout, an error status, an interrupt), the server's group is stopped before the error goes up.
    """
    last = None
    for _ in range(tries):
        port = free_port()
        proc = subprocess.Popen(command(port), start_new_session=True, **popen)
        try:
            wait_for_http(f"http://127.0.0.1:{port}/", proc, timeout)
            return proc, port
        except ServerExited as exc:
            last = exc
            stop_server(proc)
        except BaseException:
            stop_server(proc)
            raise
    raise ServerError(f"server did not start after {tries} tries: {last}")


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
def snippet_server(
    path: str,
    server: str | None,
    cwd: Path,
    log: Path,
    base: dict[str, str] | None = None,
    timeout: float = 60,
):
    """A `# server:` command, run by bash in the snippet's working folder on a free port (given to both as
    PORT), for the length of one run; it must answer on / within `timeout` seconds. The server gets the
    reader's environment (`base`, by default this process's), not the snippet policy."""
    if not server:
        yield {}
        return
    base = os.environ if base is None else base
    env = dict(base, PATH=f"{Path(sys.executable).parent}{os.pathsep}{base.get('PATH', '')}")

    def command(port: int) -> list[str]:
        env["PORT"] = str(port)
        return ["bash", "-c", server]

    with open(log, "wb") as out:
        try:
            proc, port = start_server(
                command, timeout=timeout, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env
            )
        except ServerError as exc:
            tail = log.read_text(errors="replace")[-2000:]
            raise SnippetError(f"{path}: '# server: {server}' did not start: {exc}\n{tail}") from None
        try:
            yield {"PORT": str(port)}
        finally:
            stop_server(proc)


def tail(text: str, lines: int = 40) -> str:
    return "\n".join(text.splitlines()[-lines:])
