"""`make serve` as a contributor uses it: mkdocs serve on 127.0.0.1 answers both languages, editing a snippet
rebuilds the page with the new output (snippets/ is watched) through the same fork server (its pid), and
stopping it leaves no process and no open port behind."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from docs_runner.procs import live_group_members, start_server, stop_server
from tests.site.conftest import BUILD_ENV


def fetch(url: str) -> str:
    # Generous timeout: mkdocs serve holds requests while a rebuild runs.
    with urllib.request.urlopen(url, timeout=120) as response:
        return response.read().decode("utf-8")


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def fork_servers(pgid: int) -> list[int]:
    """The fork servers among the processes of mkdocs serve's group."""
    found = []
    for pid in live_group_members(pgid):
        with contextlib.suppress(OSError):
            if b"docs_runner.forkserver.server" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
    return sorted(found)


def test_serve_answers_reloads_after_a_snippet_edit_and_stops_cleanly(tiny_site):
    project = tiny_site
    proc, port = start_server(
        lambda port: [sys.executable, "-m", "mkdocs", "serve", "--strict", "--dev-addr", f"127.0.0.1:{port}"],
        timeout=180,
        cwd=project,
        env=BUILD_ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}/"
    try:
        assert "<h1" in fetch(base + "tensors/") and 'lang="en"' in fetch(base + "en/tensors/")

        def wait_for(text: str, why: str, page: str = "en/tensors/") -> None:
            deadline = time.monotonic() + 180
            while text not in fetch(base + page):
                assert time.monotonic() < deadline, f"mkdocs serve did not rebuild after {why}"
                assert proc.poll() is None, "mkdocs serve exited"
                time.sleep(0.5)

        append(project / "snippets" / "tensors" / "creation.py", '\nprint("served fresh")\n')
        wait_for("served fresh", "the snippet changed")
        servers = fork_servers(proc.pid)
        assert len(servers) == 1, f"one fork server under mkdocs serve, found {servers}"
        append(project / "snippets" / "tensors" / "creation.py", '\nprint("served twice")\n')
        wait_for("served twice", "the snippet changed again")
        assert fork_servers(proc.pid) == servers, "the rebuild started another fork server"

        # The hooks' words edited: they change at the next rebuild (hooks/_data.py reads the file again).
        texts = project / "hooks" / "data" / "texts.toml"
        text = texts.read_text(encoding="utf-8")
        edited = text.replace('output = "Output"', 'output = "Output, edited"', 1)
        texts.write_text(edited, encoding="utf-8")
        wait_for("Output, edited", "hooks/data/texts.toml changed")
        # The engine edited: its records are stale (the key covers its sources) and its fork server is new.
        append(project / "docs_runner" / "records.py", "# edited\n")
        deadline = time.monotonic() + 180
        while fork_servers(proc.pid) in ([], servers):
            assert time.monotonic() < deadline, "the engine edit did not replace the fork server"
            time.sleep(0.5)
        assert len(fork_servers(proc.pid)) == 1
        wait_for("served twice", "the engine changed")
    finally:
        stop_server(proc)
    assert live_group_members(proc.pid) == [], "mkdocs serve or its fork server outlived stop_server"
    with socket.socket() as s, pytest.raises(ConnectionRefusedError):
        s.connect(("127.0.0.1", port))
