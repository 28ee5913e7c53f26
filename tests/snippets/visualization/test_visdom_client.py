"""snippets/visualization/visdom_client.py against a real Visdom server on 127.0.0.1 (its `# server:`),
started offline: the static files come from tools/visdom_static.py, not from CDNs."""

import os
import subprocess

import pytest


def test_line_and_images_reach_the_server(run_snippet):
    s = run_snippet("visualization/visdom_client")
    assert "connected: True\n" in s.stdout
    assert "environments: ['main', 'demo']\n" in s.stdout
    assert s.line["x"] == [float(i) for i in range(10)]
    assert s.line["y"] == pytest.approx([9 * 0.36**k for k in range(10)], rel=1e-5)
    assert s.grid.size == (3 * (32 + 2 * 2), 2 * (32 + 2 * 2))
    assert s.src.startswith("data:image/png;base64,")


def test_windows_carry_their_titles(run_snippet):
    s = run_snippet("visualization/visdom_client")
    assert {win: data["title"] for win, data in s.windows.items()} == {"loss": "loss", "samples": "samples"}
    assert s.windows["loss"]["content"]["layout"]["title"] == "loss"


def test_no_visdom_outlives_the_run(run_snippet):
    run_snippet("visualization/visdom_client")
    # This run's server only (other tests and builds may run theirs meanwhile): it had this port.
    pattern = f"visdom.server -port {os.environ['PORT']} "
    left = subprocess.run(["pgrep", "-f", pattern], capture_output=True, text=True)
    assert left.stdout == "", f"Visdom still running: pids {left.stdout.split()}"
