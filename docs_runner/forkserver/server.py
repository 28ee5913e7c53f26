"""The fork server process: imports the warning policy, torch and torchvision once, then only forks.

Each child starts from this same clean state (nothing ran here, CUDA was never initialised) and pays no
import. Started by client.ForkServer as `python -m docs_runner.forkserver.server SOCKET READY_FD`.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import signal
import socket
import sys
import traceback

PRELOAD_ERROR = None  # reported by every child instead of a confusing failure later
try:
    from docs_runner import policy
    from docs_runner.forkserver import child

    policy.apply_warning_filters(policy.warning_filters())
    import torch  # noqa: F401
    import torchvision  # noqa: F401
except BaseException:
    PRELOAD_ERROR = traceback.format_exc()


def send(conn: socket.socket, msg: dict) -> None:
    with contextlib.suppress(OSError):  # the client gave up on this job (timeout) and closed its end
        conn.sendall((json.dumps(msg) + "\n").encode())


def serve(listener: socket.socket) -> None:
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_r, False)
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # a handler, so SIGCHLD writes to the wakeup fd
    selector = selectors.DefaultSelector()
    selector.register(0, selectors.EVENT_READ, "owner")  # EOF: the process that started us is gone
    selector.register(wake_r, selectors.EVENT_READ, "child")
    selector.register(listener, selectors.EVENT_READ, "accept")
    pending: dict[socket.socket, bytes] = {}
    passed: dict[socket.socket, list[int]] = {}  # a rank's stdin, stdout and stderr, sent with its job
    running: dict[int, socket.socket] = {}  # pid -> the connection that asked for it
    ranks: set[int] = set()  # running ranks, whose stand-in's connection is watched (see rank.py)
    while True:
        for key, _ in selector.select():
            if key.data == "owner":
                if not os.read(0, 1 << 16):
                    for pid in ranks:  # a rank outlives its build only as an orphan
                        kill_group(pid)
                    for conn in [*pending, *running.values()]:
                        conn.close()
                    return
            elif key.data == "child":
                while True:
                    try:
                        if not os.read(wake_r, 512):
                            break
                    except BlockingIOError:
                        break
            elif key.data == "accept":
                conn, _ = listener.accept()
                pending[conn] = b""
                passed[conn] = []
                selector.register(conn, selectors.EVENT_READ, "job")
            elif isinstance(key.data, int):  # a rank's stand-in: readable only when it is gone (EOF)
                if not key.fileobj.recv(1):
                    selector.unregister(key.fileobj)
                    kill_group(key.data)  # reaped below, and answered on the closed socket (ignored)
            else:
                conn = key.fileobj
                data, fds, _, _ = socket.recv_fds(conn, 1 << 16, 3)
                pending[conn] += data
                passed[conn] += fds
                if b"\n" not in pending[conn]:
                    if not data:  # closed before sending a whole job
                        selector.unregister(conn)
                        del pending[conn]
                        close_all(passed.pop(conn))
                        conn.close()
                    continue
                selector.unregister(conn)
                fds = passed.pop(conn)
                try:
                    job = json.loads(pending.pop(conn).split(b"\n", 1)[0])
                    refused = None
                except ValueError as exc:
                    refused = f"malformed JSON: {exc}"
                if refused is None and "rank" in job and len(fds) != 3:
                    refused = "a rank comes with its stdin, stdout and stderr"
                if refused is not None:  # refuse this job; the server goes on serving the others
                    send(conn, {"error": f"not a job ({refused})"})
                    close_all(fds)
                    conn.close()
                    continue
                pid = os.fork()
                if pid == 0:  # the child: forget the server, run the job, exit
                    signal.set_wakeup_fd(-1)
                    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                    selector.close()
                    for fd in (wake_r, wake_w):
                        os.close(fd)
                    listener.close()
                    for other in [*pending, *running.values()]:
                        other.close()
                    for others in passed.values():
                        close_all(others)
                    answers = os.dup(conn.fileno())
                    conn.close()
                    if "rank" in job:
                        child.run_rank(job, answers, fds, PRELOAD_ERROR)  # raises SystemExit
                    devnull = os.open(os.devnull, os.O_RDWR)
                    os.dup2(devnull, 0)
                    os.close(devnull)
                    child.run(job, answers, PRELOAD_ERROR)  # never returns
                close_all(fds)
                running[pid] = conn  # the child itself says it started; the server only reaps it
                if "rank" in job:
                    ranks.add(pid)
                    selector.register(conn, selectors.EVENT_READ, pid)
        while running:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            conn = running.pop(pid)
            if pid in ranks:
                ranks.discard(pid)
                with contextlib.suppress(KeyError):  # still watched: its stand-in waits for this answer
                    selector.unregister(conn)
            send(conn, {"pid": pid, "exit": os.waitstatus_to_exitcode(status), "reaped": True})
            conn.close()


def close_all(fds: list[int]) -> None:
    for fd in fds:
        os.close(fd)


def kill_group(pgid: int) -> None:
    with contextlib.suppress(OSError):
        os.killpg(pgid, signal.SIGKILL)


def main(argv: list[str]) -> None:
    path, ready = argv[0], int(argv[1])
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    os.write(ready, b"ready\n" if PRELOAD_ERROR is None else f"preload failed\n{PRELOAD_ERROR}".encode())
    os.close(ready)
    try:
        if PRELOAD_ERROR is None:
            serve(listener)
    finally:
        listener.close()


if __name__ == "__main__":
    main(sys.argv[1:])
