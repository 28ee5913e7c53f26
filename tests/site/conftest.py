"""Site-level fixtures: one strict build per test session, served on 127.0.0.1 when a test needs HTTP."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from snippet_runner import start_server, stop_server

from tests.conftest import ROOT

MKDOCS = [sys.executable, "-m", "mkdocs"]
BUILD_ENV = dict(os.environ, NO_MKDOCS_2_WARNING="1")


def mkdocs_build(project: Path, site_dir: Path) -> subprocess.CompletedProcess:
    """`mkdocs build --strict` of `project` into `site_dir`; returns the finished process (never raises)."""
    return subprocess.run(
        [*MKDOCS, "build", "--strict", "--site-dir", str(site_dir)],
        cwd=project,
        env=BUILD_ENV,
        capture_output=True,
        text=True,
        timeout=900,
    )


def build_log(project: Path) -> tuple[int, str]:
    """Build `project` into project/site; (exit code, everything it printed)."""
    proc = mkdocs_build(project, project / "site")
    return proc.returncode, proc.stdout + proc.stderr


COPIED = [
    "mkdocs.yml",
    "pyproject.toml",
    "requirements.txt",
    "docs",
    "hooks",
    "overrides",
    "snippets",
    "examples",
    "tools",
    "recordings",
    "bench",
    ".cache",
]


@pytest.fixture
def project(tmp_path, built_site) -> Path:
    """A throwaway copy of the project to break or edit; built_site first so its snippet cache is warm."""
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif src.exists():
            shutil.copy2(src, tmp_path / name)
    return tmp_path


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The real site, built strictly from this checkout (snippet runs come from .cache/ when unchanged)."""
    site = tmp_path_factory.mktemp("site")
    proc = mkdocs_build(ROOT, site)
    assert proc.returncode == 0, f"mkdocs build --strict failed:\n{proc.stderr[-6000:]}"
    return site


@pytest.fixture(scope="session")
def served_site(built_site):
    """Base URL of the built site, served by a static file server on 127.0.0.1; stopped by its PID."""
    proc, port = start_server(
        lambda port: [
            sys.executable,
            "-m",
            "http.server",
            str(port),
            "--bind",
            "127.0.0.1",
            "--directory",
            str(built_site),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop_server(proc)
