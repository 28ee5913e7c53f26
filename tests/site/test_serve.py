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
        servers = fork_servers(proc.pid)
        assert len(servers) == 1, f"one fork server under mkdocs serve, found {servers}"

        snippet = project / "snippets" / "tensors" / "creation.py"
        snippet.write_text(
            snippet.read_text(encoding="utf-8") + '\nprint("served fresh")\n', encoding="utf-8"
        )
        deadline = time.monotonic() + 180
        while "served fresh" not in fetch(base + "en/tensors/"):
            assert time.monotonic() < deadline, "mkdocs serve did not rebuild after the snippet changed"
            assert proc.poll() is None, "mkdocs serve exited"
            time.sleep(1)
        assert fork_servers(proc.pid) == servers, "the rebuild started another fork server"
    finally:
        stop_server(proc)
    assert live_group_members(proc.pid) == [], "mkdocs serve or its fork server outlived stop_server"
    with socket.socket() as s, pytest.raises(ConnectionRefusedError):
        s.connect(("127.0.0.1", port))
