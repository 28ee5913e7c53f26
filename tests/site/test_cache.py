"""Snippet outputs are cached by content: a rebuild with nothing changed runs no snippet, and editing one
snippet re-runs only that one (what else invalidates the cache is tested in test_runner.py). Also the
determinism promise: a fresh interpreter, run as a reader would, prints what the build's forked run showed,
apart from the values a snippet declares as measured."""

from __future__ import annotations

import json
import re

import pytest
from snippet_runner import (
    all_snippets,
    cache_entry,
    detect_device,
    normalise,
    read_spec,
    run_all,
    snippet_payload,
)

from tests.conftest import FRESH_LAUNCHES
from tests.site.conftest import build_log

pytestmark = pytest.mark.slow


def ran_counts(log: str) -> list[int]:
    """How many snippets each language build ran, from the hook's 'snippets: N ran' lines."""
    return [int(n) for n in re.findall(r"snippets: (\d+) ran", log)]


def test_warm_rebuild_runs_nothing_and_an_edit_reruns_one(project):
    code, log = build_log(project)
    assert code == 0, log[-3000:]
    assert ran_counts(log) == [0, 0], log  # timings are make bench's business, not a flaky assert here

    snippet = project / "snippets" / "tensors" / "creation.py"
    snippet.write_text(snippet.read_text(encoding="utf-8") + '\nprint("edited once")\n', encoding="utf-8")
    code, log = build_log(project)
    assert code == 0, log[-3000:]
    assert ran_counts(log) == [1, 0], "only the edited snippet may run, once for both languages"
    for lang_dir in ("", "en/"):
        assert "edited once" in (project / "site" / lang_dir / "tensors" / "index.html").read_text(
            encoding="utf-8"
        )


@pytest.fixture(scope="module")
def fresh_runs(built_site):
    """Every snippet once more, each in a fresh interpreter as `python <file>` (or its `# run:` launcher)."""
    records, _ = run_all(device=detect_device(), fresh=True, use_cache=False)
    FRESH_LAUNCHES.update({p: r for p, r in records.items() if read_spec(p).argv[0] != "python"})
    return records


@pytest.mark.parametrize("path", all_snippets())
def test_fresh_run_prints_what_the_build_showed(fresh_runs, path):
    spec = read_spec(path)
    entry = cache_entry(path, detect_device(), snippet_payload(spec))
    assert entry.exists(), f"{path}: the build left no record"
    shown = json.loads(entry.read_text(encoding="utf-8"))
    fresh = fresh_runs[path]
    assert fresh.status == shown["status"]
    assert normalise(fresh.output, spec.measured) == normalise(shown["output"], spec.measured)
