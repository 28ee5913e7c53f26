"""Real-browser checks of the visualization chapter's two servers, as a reader would open them.

TensorBoard serves a logdir that snippets/visualization/scalars.py wrote; Visdom gets the line and the
images of snippets/visualization/visdom_client.py. Each server starts on 127.0.0.1 on a free port and stops
by its process group. Headless Chromium (Debian's, as in test_browser.py) must find the run's scalar tag on
TensorBoard's page and a drawn Plotly curve and the image grid on Visdom's, and must not send a single
request off 127.0.0.1: Visdom's JS/CSS come from tools/visdom_static.py, not from CDNs. Screenshots go to
test-artifacts/browser/.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from docs_runner.paths import ROOT
from docs_runner.procs import start_server, stop_server
from tests.site.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.site.test_browser import ARTIFACTS, is_local

BIN = Path(sys.executable).parent
TIMEOUT_MS = 30_000  # TensorBoard's page is a large single-page app; on 2 busy cores it takes seconds

pytestmark = [pytest.mark.site, pytest.mark.browser, pytest.mark.exhaustive]


def run_snippet_file(name: str, cwd: Path, **env: str) -> str:
    """`python snippets/visualization/<name>.py` in `cwd`, as a reader runs it; returns what it printed."""
    proc = subprocess.run(
        [sys.executable, str(ROOT / "snippets" / "visualization" / f"{name}.py")],
        cwd=cwd,
        env=dict(os.environ, **env),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, f"{name}.py failed:\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout


@pytest.fixture
def chromium():
    """A fresh headless Chromium page; yields (page, requests made, page errors)."""
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():  # a missing browser is a setup error, never a silent skip
        pytest.fail(f"{CHROMIUM} missing: run `make browser-deps` (make test does)")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="pytorch-notes-chromium-")
    requests: list[str] = []
    errors: list[str] = []
    try:
        with sync_playwright() as pw:
            context = pw.chromium.launch_persistent_context(
                profile,
                executable_path=str(CHROMIUM),
                headless=True,
                args=CHROMIUM_ARGS,
                viewport={"width": 1280, "height": 900},
                service_workers="block",
            )
            try:
                context.set_default_timeout(TIMEOUT_MS)
                context.route(
                    "**/*",
                    lambda route: (
                        route.continue_() if is_local(route.request.url) else route.abort("blockedbyclient")
                    ),
                )
                context.on("request", lambda r: requests.append(r.url))
                page = context.pages[0] if context.pages else context.new_page()
                page.on("pageerror", lambda e: errors.append(str(e)))
                yield page, requests, errors
            finally:
                context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def test_tensorboard_shows_the_runs_scalar_tag(chromium, tmp_path):
    page, requests, _ = chromium
    run_snippet_file("scalars", tmp_path)
    server, port = start_server(
        lambda port: [
            str(BIN / "tensorboard"),
            "--logdir",
            str(tmp_path / "runs"),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        page.goto(f"http://127.0.0.1:{port}/#scalars", wait_until="load")
        page.get_by_text("loss/train", exact=True).first.wait_for(state="visible")
        page.get_by_text("linear", exact=True).first.wait_for(state="visible")  # the run's name
        page.screenshot(path=str(ARTIFACTS / "tensorboard-scalars.png"), full_page=True)
    finally:
        stop_server(server)
    assert not [u for u in requests if not is_local(u)], [u for u in requests if not is_local(u)]


def test_visdom_page_renders_the_plot_and_the_images(chromium, tmp_path):
    page, requests, errors = chromium
    server, port = start_server(
        lambda port: [
            sys.executable,
            "-m",
            "visdom.server",
            "-port",
            str(port),
            "-bind_local",
            "-env_path",
            str(tmp_path / "visdom_data"),
        ],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        printed = run_snippet_file("visdom_client", tmp_path, PORT=str(port))
        assert "connected: True" in printed
        page.goto(f"http://127.0.0.1:{port}/env/demo", wait_until="load")
        # Plotly draws the curve as an SVG path inside the "loss" window; the images are one <img>.
        page.locator(".js-plotly-plot .scatterlayer .trace path.js-line").first.wait_for(state="attached")
        page.locator("img[src^='data:image/png;base64,']").first.wait_for(state="visible")
        titles = page.locator(".window .bar").all_inner_texts()
        page.screenshot(path=str(ARTIFACTS / "visdom-demo.png"), full_page=True)
    finally:
        stop_server(server)
    assert any("loss" in t for t in titles) and any("samples" in t for t in titles), titles
    assert any("/static/js/plotly-plotly.min.js" in u for u in requests), requests
    assert not [u for u in requests if not is_local(u)], [u for u in requests if not is_local(u)]
    assert not errors, f"JavaScript errors: {errors}"
