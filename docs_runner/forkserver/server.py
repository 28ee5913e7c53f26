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
    running: dict[int, socket.socket] = {}  # pid -> the connection that asked for it
    while True:
        for key, _ in selector.select():
            if key.data == "owner":
                if not os.read(0, 1 << 16):
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
                selector.register(conn, selectors.EVENT_READ, "job")
            else:
                conn = key.fileobj
                data = conn.recv(1 << 16)
                pending[conn] += data
                if b"\n" not in pending[conn]:
                    if not data:  # closed before sending a whole job
                        selector.unregister(conn)
                        del pending[conn]
                        conn.close()
                    continue
                selector.unregister(conn)
                try:
                    job = json.loads(pending.pop(conn).split(b"\n", 1)[0])
                except ValueError as exc:  # refuse this job; the server goes on serving the others
                    send(conn, {"error": f"not a job (malformed JSON: {exc})"})
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
                    answers = os.dup(conn.fileno())
                    conn.close()
                    devnull = os.open(os.devnull, os.O_RDWR)
                    os.dup2(devnull, 0)
                    os.close(devnull)
                    child.run(job, answers, PRELOAD_ERROR)  # never returns
                running[pid] = conn  # the child itself says it started; the server only reaps it
        while running:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            conn = running.pop(pid)
            send(conn, {"pid": pid, "exit": os.waitstatus_to_exitcode(status)})
            conn.close()


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
