"""The interpreter torchrun starts for each rank of a build's run (its PYTHON_EXEC): a stand-in that has the
fork server fork the rank instead of starting a Python that imports torch again (about 1.9 s of CPU a rank
on a 2-core machine, most of a small launched file's run).

Run as a script by `python -S` (client.ForkServer.rank_env writes the wrapper), so it starts on nothing but
the standard library (the engine's check for leftover processes is imported after the rank ran). It passes its
stdin, stdout and stderr (the rank's log files) to the server with the rank's arguments, environment and
folder, forwards the signals torchrun sends to the forked rank's process group, and exits as the rank did:
with its code, or by its signal. Killed itself (SIGKILL), it closes its socket, and the server kills the
rank's group. Without a server, or for arguments other than torchrun's `-u FILE ...` and `-u -m MODULE ...`,
it runs the real interpreter instead (os.execv), so nothing is lost.
"""

import contextlib
import json
import os
import signal
import socket
import sys

FORWARDED = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2)


def forkable(args: list[str]) -> bool:
    """torchrun's worker command lines: -u FILE ARGS..., or -u -m MODULE ARGS..."""
    if args[:1] != ["-u"] or len(args) < 2:
        return False
    return args[1] != "-m" or len(args) >= 3


def real_python(args: list[str]) -> None:
    python = os.environ["DOCS_REAL_PYTHON"]
    os.execv(python, [python, *args])


def main(args: list[str]) -> None:
    path = os.environ.get("DOCS_FORK_SOCKET", "")
    if not forkable(args) or not os.path.exists(path):
        real_python(args)
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.connect(path)
    except OSError:  # the server is gone (its build ended): a fresh interpreter still runs the rank
        conn.close()
        real_python(args)
    job = {"rank": args[1:], "env": dict(os.environ), "cwd": os.getcwd()}
    socket.send_fds(conn, [(json.dumps(job) + "\n").encode()], [0, 1, 2])
    answers = conn.makefile("rb")
    said = {"exit": 1, "error": "the fork server closed the job before the rank started"}
    line = answers.readline()
    if line:
        said = json.loads(line)
    if "pid" in said and "error" not in said:
        rank = said["pid"]

        def forward(signum, frame):
            with contextlib.suppress(OSError):  # the rank has already gone
                os.killpg(rank, signum)

        for signum in FORWARDED:
            signal.signal(signum, forward)
        while "reaped" not in said:  # the child says it started and is exiting; the server, that it is gone
            line = answers.readline()
            if not line:
                said = {"exit": said.get("exit", 1), "reaped": False}
                break
            said = json.loads(line)
        left = leftovers(rank)
        if left:
            note = f"left {len(left)} process(es) behind ({left}); killed them"
            print(f"docs_runner rank: {note}", file=sys.stderr)
            said["exit"] = said["exit"] or 1
    if "error" in said:
        print(f"docs_runner rank: {said['error']}", file=sys.stderr)
    code = said["exit"]
    if code < 0:  # killed by a signal: die by it too, as the rank's interpreter would have
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    sys.exit(code)


def leftovers(pgid: int) -> list[int]:
    """What the rank's group still holds after it exited, killed. The engine is imported only now: the
    stand-in's start and its fallback to the real interpreter need nothing but the standard library."""
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    from docs_runner import procs

    return procs.leftovers(pgid)


if __name__ == "__main__":
    main(sys.argv[1:])
