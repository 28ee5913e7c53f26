"""`make serve` as a contributor uses it: mkdocs serve on 127.0.0.1 answers both languages, and editing a
snippet rebuilds the page with the new output (snippets/ is watched)."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request

import pytest

from tests.site.conftest import BUILD_ENV, free_port, stop, wait_for_http

pytestmark = pytest.mark.slow


def fetch(url: str) -> str:
    # Generous timeout: mkdocs serve holds requests while a rebuild runs.
    with urllib.request.urlopen(url, timeout=120) as response:
        return response.read().decode("utf-8")


def test_serve_answers_and_reloads_after_a_snippet_edit(project):
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    proc = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--strict", "--dev-addr", f"127.0.0.1:{port}"],
        cwd=project,
        env=BUILD_ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_http(base, proc, timeout=180)
        assert "<h1" in fetch(base + "tensors/") and 'lang="en"' in fetch(base + "en/tensors/")

        snippet = project / "snippets" / "tensors" / "creation.py"
        snippet.write_text(
            snippet.read_text(encoding="utf-8") + '\nprint("served fresh")\n', encoding="utf-8"
        )
        deadline = time.monotonic() + 180
        while "served fresh" not in fetch(base + "en/tensors/"):
            assert time.monotonic() < deadline, "mkdocs serve did not rebuild after the snippet changed"
            assert proc.poll() is None, "mkdocs serve exited"
            time.sleep(1)
    finally:
        stop(proc)
    assert proc.returncode is not None
