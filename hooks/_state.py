"""The build's state, in one place: one engine run per build (both languages share it), asked for by any hook
in any order; the figures each page shows; where generated notebooks live. Private helper of the hooks."""

from __future__ import annotations

import logging
import weakref
from pathlib import Path

from mkdocs.exceptions import PluginError

from docs_runner.errors import SnippetError
from docs_runner.paths import ROOT
from docs_runner.shard import SiteRun, run_site

log = logging.getLogger("mkdocs.hooks.outputs")

GENERATED = ROOT / ".cache" / "notebooks"  # the notebooks hooks/notebook_sources.py writes; never in docs/

_run: tuple[weakref.ref | None, SiteRun | None] = (None, None)
FIGURES: dict[str, dict[str, bytes]] = {}  # page src_uri -> {file name: PNG bytes}, written beside the page


def site_run(config) -> SiteRun:
    """Every snippet and notebook example run (or fetched from the cache) for this build. mkdocs-static-i18n
    builds each language with the same config object, so the engine runs once per build, whichever hook
    asks first; `mkdocs serve` loads a new config for each rebuild."""
    global _run
    ref, run = _run
    if ref is None or ref() is not config:
        try:
            run = run_site()
        except SnippetError as exc:
            raise PluginError(f"snippet run failed:\n{exc}") from None
        except Exception as exc:  # the engine's own fault, outside any one file: still a build error
            raise PluginError(f"the snippet runner failed: {type(exc).__name__}: {exc}") from exc
        _run = (weakref.ref(config), run)
        FIGURES.clear()
        log.info("snippets: %d ran, %d from cache", len(run.ran), run.from_cache)
    return run


def generated_path(src_uri: str) -> Path:
    """Where the notebook MkDocs knows as docs/<src_uri> really is."""
    return GENERATED / src_uri
