"""Where things are. Everything else asks these functions at call time, so a test can point ROOT at a tiny
tree (monkeypatch `docs_runner.paths.ROOT`) and the whole engine follows."""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent  # the project checkout this package belongs to
SITE_DIR = PACKAGE / "startup"  # sitecustomize.py for fresh interpreters (launched snippets, their ranks)


def snippets_dir() -> Path:
    return ROOT / "snippets"


def examples_dir() -> Path:
    return ROOT / "examples"


def recordings_dir() -> Path:
    return ROOT / "recordings" / "cuda"


def cache_dir() -> Path:
    """.cache/snippets, or SNIPPET_CACHE_DIR (CI's shards and their test keep one folder each)."""
    return Path(os.environ.get("SNIPPET_CACHE_DIR") or ROOT / ".cache" / "snippets").absolute()
