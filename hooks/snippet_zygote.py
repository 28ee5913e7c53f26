"""The build's fork server: imports the warning policy, torch and torchvision once, then forks one child per
snippet. Each child starts from this same clean state (nothing ran here, CUDA was never initialised) and
pays no import. Started and fed by snippet_runner.Zygote.

Protocol: one JSON job per line on stdin; on stdout one line {"id", "pid"} when the child is forked, and
{"id", "exit"} when it is done: first from the child itself, right before it exits (tearing down a process
that mapped torch takes ~20 ms, which the caller need not wait for), then from this server when it reaps the
child (the only answer when the child was killed). EOF on stdin ends the server.
"""

import json
import os
import selectors
import signal
import sys
import traceback

PRELOAD_ERROR = None  # reported by every child instead of a confusing failure later
try:
    import snippet_runner

    snippet_runner.apply_warning_filters(snippet_runner.warning_filters())
    import torch  # noqa: F401
    import torchvision  # noqa: F401
except BaseException:
    PRELOAD_ERROR = traceback.format_exc()


def answer(msg: dict) -> None:
    os.write(1, (json.dumps(msg) + "\n").encode())


def serve() -> None:
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_r, False)
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # a handler, so SIGCHLD writes to the wakeup fd
    selector = selectors.DefaultSelector()
    selector.register(0, selectors.EVENT_READ)
    selector.register(wake_r, selectors.EVENT_READ)
    running: dict[int, int] = {}  # pid -> job id
    pending = b""
    while True:
        for key, _ in selector.select():
            if key.fd == wake_r:
                while True:
                    try:
                        if not os.read(wake_r, 512):
                            break
                    except BlockingIOError:
                        break
                continue
            data = os.read(0, 1 << 16)
            if not data:
                return
            pending += data
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                job = json.loads(line)
                pid = os.fork()
                if pid == 0:  # the child: forget the server, run the snippet, exit
                    signal.set_wakeup_fd(-1)
                    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                    selector.close()
                    for fd in (wake_r, wake_w):
                        os.close(fd)
                    answers = os.dup(1)  # to say "done" before the slow part of exiting (unmapping torch)
                    devnull = os.open(os.devnull, os.O_RDWR)
                    os.dup2(devnull, 0)
                    os.dup2(devnull, 1)  # the snippet's own output goes to its file, never into the protocol
                    os.close(devnull)
                    snippet_runner._fork_child(job, answers)  # never returns
                running[pid] = job["id"]
                answer({"id": job["id"], "pid": pid})
        while running:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            answer({"id": running.pop(pid), "exit": os.waitstatus_to_exitcode(status)})


if __name__ == "__main__":
    sys.modules.setdefault("snippet_zygote", sys.modules["__main__"])  # children import it by this name
    serve()
