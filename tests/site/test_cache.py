"""Snippet outputs are cached by content: a rebuild with nothing changed runs no snippet, and editing one
snippet re-runs only that one, once for both languages (what else invalidates the cache: test_runner.py).
On the tiny site (tests/site/conftest.py). The determinism check is in the snippet tests themselves: each
compares its own run with the build's record (tests/conftest.py run_snippet)."""

from __future__ import annotations

import re

from tests.site.conftest import build_log


def ran_counts(log: str) -> list[int]:
    """How many snippets each build ran, from the hook's 'snippets: N ran' line (one per build)."""
    return [int(n) for n in re.findall(r"snippets: (\d+) ran", log)]


def test_warm_rebuild_runs_nothing_and_an_edit_reruns_one(tiny_site):
    code, log = build_log(tiny_site)
    assert code == 0, log[-3000:]
    code, log = build_log(tiny_site)
    assert code == 0, log[-3000:]
    assert ran_counts(log) == [0], log  # timings are make bench's business, not a flaky assert here

    snippet = tiny_site / "snippets" / "tensors" / "creation.py"
    snippet.write_text(snippet.read_text(encoding="utf-8") + '\nprint("edited once")\n', encoding="utf-8")
    code, log = build_log(tiny_site)
    assert code == 0, log[-3000:]
    assert ran_counts(log) == [1], "only the edited snippet may run, once for both languages"
    for lang_dir in ("", "en/"):
        html = (tiny_site / "site" / lang_dir / "tensors" / "index.html").read_text(encoding="utf-8")
        assert "edited once" in html
