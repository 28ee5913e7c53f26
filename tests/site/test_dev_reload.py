"""hooks/dev_reload.py under `mkdocs serve`: after an edit, which modules the next rebuild imports anew. On
throwaway helper modules in a temporary folder standing for hooks/, without a build."""

from __future__ import annotations

import importlib
import os
import sys

import dev_reload

HELPERS = ("_reload_a", "_reload_b", "_reload_c")


def test_a_helper_that_imports_names_from_a_changed_helper_is_imported_anew(tmp_path, monkeypatch):
    (tmp_path / "_reload_b.py").write_text("WORD = 'old'\n", encoding="utf-8")
    (tmp_path / "_reload_a.py").write_text("from _reload_b import WORD\n", encoding="utf-8")
    (tmp_path / "_reload_c.py").write_text("WORD = 'unrelated'\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(dev_reload, "WATCHED", (tmp_path.resolve(),))
    monkeypatch.setattr(dev_reload.STATE, "loaded", {})
    try:
        for name in ("_reload_a", "_reload_c"):
            importlib.import_module(name)
        dev_reload.STATE.loaded = {n: dev_reload._mtime(f) for n, f in dev_reload._watched_modules().items()}
        changed = tmp_path / "_reload_b.py"
        changed.write_text("WORD = 'new'\n", encoding="utf-8")
        later = changed.stat().st_mtime_ns + 1_000_000_000  # a changed mtime, however coarse the clock
        os.utime(changed, ns=(later, later))

        dev_reload._forget_changed()

        assert [n for n in HELPERS if n in sys.modules] == ["_reload_c"]  # an unrelated helper is kept
        assert importlib.import_module("_reload_a").WORD == "new"
    finally:
        for name in HELPERS:
            sys.modules.pop(name, None)
