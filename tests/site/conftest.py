"""Site-level fixtures: one strict build per test session, served on 127.0.0.1 when a test needs HTTP."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import docs_runner.paths
from docs_runner import cache
from docs_runner.procs import start_server, stop_server
from tests.conftest import ROOT, engine_lock, shared_dir

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


def build_log(project: Path) -> tuple[int, str]:
    """Build `project` into project/site; (exit code, everything it printed)."""
    proc = mkdocs_build(project, project / "site")
    return proc.returncode, proc.stdout + proc.stderr


# The tiny site: the real mkdocs.yml, hooks, overrides and engine, with three short chapters of real snippets
# (one plain, one CUDA-only, one with a GPU recording), for failure modes, the cache and `mkdocs serve`.
TINY_CHAPTERS = {
    "tensors": ("张量", "Tensors", "snippets/tensors/creation.py"),
    "gpus": ("GPU", "GPUs", "snippets/gpus/cuda_info.py"),
    "amp": ("混合精度", "Mixed precision", "snippets/amp/autocast_step_time.py"),
}
TINY_COPIED = [
    "mkdocs.yml",
    "pyproject.toml",
    "requirements.txt",
    "hooks",
    "overrides",
    "docs_runner",
    "bench",
]


def tiny_page(title: str, snippet: str) -> str:
    return f'# {title}\n\n## {title}\n\n```python title="{snippet}"\n--8<-- "{snippet}"\n```\n'


@pytest.fixture
def tree(tmp_path, monkeypatch) -> Path:
    """An empty project root for the engine's own tests (headers, keys, runs): the lock file, pyproject.toml
    (the warning policy), a snippets/demo/ folder, and docs_runner.paths.ROOT pointed at it."""
    for name in ("pyproject.toml", "requirements.txt"):
        shutil.copy2(ROOT / name, tmp_path / name)
    (tmp_path / "snippets" / "demo").mkdir(parents=True)
    monkeypatch.setattr(docs_runner.paths, "ROOT", tmp_path)
    return tmp_path


@pytest.fixture
def tiny_site(tmp_path) -> Path:
    """A throwaway project with the real configuration and three pages; the snippet cache of this checkout
    comes along for those files, so unchanged snippets are not run again."""
    for name in TINY_COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(
                src, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__", "node_modules")
            )
        else:
            shutil.copy2(src, tmp_path / name)
    config = (tmp_path / "mkdocs.yml").read_text(encoding="utf-8")
    nav = "nav:\n  - 首页: index.md\n" + "".join(f"  - {slug}.md\n" for slug in TINY_CHAPTERS)
    (tmp_path / "mkdocs.yml").write_text(config[: config.index("\nnav:\n") + 1] + nav, encoding="utf-8")
    for lang, n in (("zh", 0), ("en", 1)):
        docs = tmp_path / "docs" / lang
        docs.mkdir(parents=True)
        (docs / "index.md").write_text(
            "# PyTorch\n\n" + "".join(f"- [{t[n]}]({s}.md)\n" for s, t in TINY_CHAPTERS.items())
        )
        for slug, (*titles, snippet) in TINY_CHAPTERS.items():
            (docs / f"{slug}.md").write_text(tiny_page(titles[n], snippet), encoding="utf-8")
    (tmp_path / "examples").mkdir()
    for *_, snippet in TINY_CHAPTERS.values():
        (tmp_path / snippet).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / snippet, tmp_path / snippet)
        comments = (ROOT / snippet).with_name("comments.zh.toml")  # its comments on the Chinese page
        shutil.copy2(comments, tmp_path / snippet.rsplit("/", 1)[0] / comments.name)
        slot = cache.slot(snippet)
        if slot.exists():
            shutil.copytree(slot, tmp_path / slot.relative_to(ROOT))
    return tmp_path


@pytest.fixture(scope="session")
def built_site(request) -> Path:
    """The real site, built strictly from this checkout (snippet runs come from .cache/ when unchanged),
    once per session: the first xdist worker that needs it builds it, the others read its outcome.
    Starting it in the background as the session starts, with the tests that need neither site nor records
    first, was measured in December 2026: no faster from a cold cache (both cores were busy all through the
    build), and its extra load made a launched snippet hit the gloo exit abort twice in a row."""
    shared = shared_dir(request.config)
    site, outcome = shared / "site", shared / "site-build.json"
    with engine_lock(request.config):
        if not outcome.exists():
            proc = mkdocs_build(ROOT, site)
            partial = outcome.with_suffix(".tmp")  # whole or absent, even if this worker dies while writing
            partial.write_text(json.dumps({"code": proc.returncode, "stderr": proc.stderr[-6000:]}))
            partial.replace(outcome)
        built = json.loads(outcome.read_text())
    assert built["code"] == 0, f"mkdocs build --strict failed:\n{built['stderr']}"
    return site


@contextlib.contextmanager
def serving(command: Callable[[int], list[str]]):
    """The base URL of a static file server, `command(port)`, on 127.0.0.1; stopped by its PID."""
    proc, port = start_server(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop_server(proc)


@pytest.fixture(scope="session")
def served_site(built_site):
    """Base URL of the built site, served by Python's static file server on 127.0.0.1."""
    server = [sys.executable, "-m", "http.server"]
    with serving(
        lambda port: [*server, str(port), "--bind", "127.0.0.1", "--directory", str(built_site)]
    ) as base:
        yield base


@pytest.fixture(scope="session")
def site_records(built_site, request):
    """The records the session build showed (snippets and notebooks), by path."""
    from tests.conftest import build_records

    return build_records(request.session)
