"""Snippet outputs are cached by content: a rebuild with nothing changed runs no snippet, and editing one
snippet re-runs only that one. Also the determinism promise: a fresh run prints what the build showed."""

from __future__ import annotations

import json
import re
import time

import pytest
from snippet_runner import all_snippets, cache_entry, detect_device, run_one

from tests.site.conftest import ROOT, build_log

pytestmark = pytest.mark.slow


def ran_counts(log: str) -> list[int]:
    """How many snippets each language build ran, from the hook's 'snippets: N ran' lines."""
    return [int(n) for n in re.findall(r"snippets: (\d+) ran", log)]


def test_warm_rebuild_runs_nothing_and_an_edit_reruns_one(project):
    start = time.perf_counter()
    code, log = build_log(project)
    warm_seconds = time.perf_counter() - start
    assert code == 0, log[-3000:]
    assert ran_counts(log) == [0, 0], log
    print(f"warm build: {warm_seconds:.1f} s")  # shown with -s; the floor in the issue is 10 s
    assert warm_seconds < 30

    snippet = project / "snippets" / "tensors" / "creation.py"
    snippet.write_text(snippet.read_text(encoding="utf-8") + '\nprint("edited once")\n', encoding="utf-8")
    code, log = build_log(project)
    assert code == 0, log[-3000:]
    assert ran_counts(log) == [1, 0], "only the edited snippet may run, once for both languages"
    for lang_dir in ("", "en/"):
        assert "edited once" in (project / "site" / lang_dir / "tensors" / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("path", all_snippets())
def test_fresh_run_prints_what_the_build_showed(built_site, path):
    device = detect_device()
    cached = cache_entry(path, device, (ROOT / path).read_bytes())
    assert cached.exists(), f"{path}: the build left no record"
    assert run_one(path, device).output == json.loads(cached.read_text(encoding="utf-8"))["output"]
