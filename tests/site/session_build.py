"""The session's one strict build of the real site, shared by every test (and xdist worker) that needs it.

`build_once(shared)` builds into <shared>/site unless this session already did, under the engine lock (the
same file lock as every snippet run of the tests), and returns the outcome. At the start of a session
(tests/conftest.py) one process starts it in the background, `python -m tests.site.session_build SHARED`,
so the tests that need neither the site nor the snippet records run while it builds; a test that needs it
waits for the lock, and builds itself if the background build did not finish.
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


if __name__ == "__main__":
    build_once(Path(sys.argv[1]))
