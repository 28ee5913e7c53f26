"""The session's one strict build of the real site, shared by every test (and xdist worker) that needs it.

`build_once(shared)` builds into <shared>/site unless this session already did, under the engine lock (the
same file lock as every snippet run of the tests), and returns the outcome.

Starting this build in the background at the start of the session, with the tests that need neither the
site nor the records ordered first, was tried and measured (December 2026): no faster from a cold cache
(11 min 23 s both ways; the 2 cores were already busy all through the build, sampled from /proc/stat), and
the extra load made the torch/gloo exit abort of launched snippets (docs_runner/launchers.py) come twice
in a row. So the first test that needs the site builds it, as before.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from filelock import FileLock

ROOT = Path(__file__).resolve().parents[2]
MKDOCS = [sys.executable, "-m", "mkdocs"]
BUILD_ENV = dict(os.environ, NO_MKDOCS_2_WARNING="1")


def mkdocs_build(project: Path, site_dir: Path, **env: str) -> subprocess.CompletedProcess:
    """`mkdocs build --strict` of `project` into `site_dir`, with `env` added to the environment; returns the
    finished process (never raises)."""
    return subprocess.run(
        [*MKDOCS, "build", "--strict", "--site-dir", str(site_dir)],
        cwd=project,
        env=dict(BUILD_ENV, **env),
        capture_output=True,
        text=True,
        timeout=540,  # under pytest-timeout's 600 s, so this names the build instead of killing the test
    )


def engine_lock(shared: Path) -> FileLock:
    """Held while the engine runs snippets or a build of the real site runs: two processes never run the
    same file at once, and whoever comes second finds it in the cache."""
    return FileLock(shared / "engine.lock")


def build_once(shared: Path) -> dict:
    """{"code": exit code, "stderr": its tail} of this session's build of the real site into shared/site."""
    outcome = shared / "site-build.json"
    with engine_lock(shared):
        if not outcome.exists():
            proc = mkdocs_build(ROOT, shared / "site")
            partial = outcome.with_suffix(".tmp")
            partial.write_text(json.dumps({"code": proc.returncode, "stderr": proc.stderr[-6000:]}))
            partial.replace(outcome)
        return json.loads(outcome.read_text())
