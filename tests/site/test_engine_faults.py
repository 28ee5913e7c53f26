"""What the engine does when its own machinery fails: a server that never answers or answers an error, a fork
server that is gone or sent a malformed job. Each becomes a failure that names the file, the other files'
failures are still reported, and nothing the run started outlives it."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess

import pytest

from docs_runner.errors import SnippetError
from docs_runner.execute import run_all
from docs_runner.forkserver import client
from docs_runner.procs import ServerError, start_server


def write(root, name: str, text: str) -> str:
    rel = f"snippets/demo/{name}"
    (root / rel).write_text(text, encoding="utf-8")
    return rel


def processes_running(marker: str) -> str:
    """The command lines of live processes that contain `marker` (this test's own pgrep aside)."""
    found = subprocess.run(["pgrep", "-af", marker], capture_output=True, text=True).stdout
    return "".join(line for line in found.splitlines(keepends=True) if "pgrep" not in line)


# A server that never answers (sleeps; the odd number marks it) and one that answers 404 on / (it serves a
# folder that does not exist).
SILENT = "# server: sleep 6071 ${PORT:-6006}\n# timeout: 3\nprint('never runs')\n"
ERROR_STATUS = (
    "# server: python -m http.server ${PORT:-6006} --bind 127.0.0.1 --directory no-such-folder-6072\n"
    "print('never runs')\n"
)


def test_servers_that_never_answer_or_answer_404_fail_their_file_and_are_stopped(tree):
    paths = [
        write(tree, "silent.py", SILENT),
        write(tree, "error_status.py", ERROR_STATUS),
        write(tree, "broken.py", "raise ValueError('an ordinary failure')\n"),
        write(tree, "fine.py", "print('fine')\n"),
    ]
    with pytest.raises(SnippetError) as info:
        run_all(paths, "cpu", use_cache=False)
    message = str(info.value)
    assert "snippets/demo/silent.py: '# server: sleep 6071 ${PORT:-6006}' did not start: " in message
    assert "did not answer within 3 s" in message
    assert "snippets/demo/error_status.py: '# server: python -m http.server" in message
    assert "answered HTTP 404 (File not found)" in message
    assert "snippets/demo/broken.py failed (exit 1)" in message and "an ordinary failure" in message
    assert "fine.py" not in message
    assert processes_running("6071|no-such-folder-6072") == ""


def test_start_server_stops_the_server_on_any_error():
    """The path the test fixtures and the bench share: no server is left behind by an error."""
    with pytest.raises(ServerError, match=r"did not answer within 1 s"):
        start_server(lambda port: ["sleep", "6073", str(port)], timeout=1)
    assert processes_running("sleep 6073") == ""


def test_a_fork_server_lost_between_the_check_and_the_run_fails_that_file_alone(tree, monkeypatch):
    server = client.fork_server()
    os.kill(server.pid, signal.SIGKILL)
    server.proc.wait()
    # The window between alive() and connect(): the first check still sees the old server.
    answers = iter([True])
    monkeypatch.setattr(client.ForkServer, "alive", lambda self: next(answers, self.proc.poll() is None))
    with pytest.raises(SnippetError) as info:
        run_all([write(tree, "first.py", "print('first')\n")], "cpu", use_cache=False)
    assert str(info.value).startswith(
        "snippets/demo/first.py: lost the fork server before it started the run ("
    )
    records, _ = run_all([write(tree, "second.py", "print('second')\n")], "cpu", use_cache=False)
    assert records["snippets/demo/second.py"].output == "second\n"  # the next job started a new server
    assert client.fork_server() is not server


def test_a_malformed_job_is_refused_and_the_fork_server_goes_on(tree):
    server = client.fork_server()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.connect(server.socket)
        conn.sendall(b"{not json\n")
        answer = json.loads(conn.makefile("rb").readline())
    assert answer["error"].startswith("not a job (malformed JSON: ")
    assert server.alive()
    records, _ = run_all([write(tree, "after.py", "print('after')\n")], "cpu", use_cache=False)
    assert records["snippets/demo/after.py"].output == "after\n"
