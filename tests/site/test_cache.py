"""Snippet outputs are cached by content: a rebuild with nothing changed runs no snippet, and editing one
snippet re-runs only that one (what else invalidates the cache is tested in test_runner.py). Also the
determinism promise: every snippet, run once more, prints what the build showed, apart from the values it
declares as measured. Launched snippets (torchrun, horovodrun) and the first plain snippet of each chapter run
in a fresh interpreter as a reader would, which also shows that the forked path and `python <file>` print the
same; the other plain snippets run forked, as the build runs them (a fresh interpreter costs each seconds of
imports, which `make test` cannot afford for a hundred files)."""

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
    """Every snippet once more (see the module docstring for which run in a fresh interpreter)."""
    paths = all_snippets()
    first_of_chapter = {p.rsplit("/", 1)[0]: p for p in reversed(paths) if read_spec(p).argv[0] == "python"}
    fresh = [p for p in paths if read_spec(p).argv[0] != "python" or p in first_of_chapter.values()]
    device = detect_device()
    records, _ = run_all(fresh, device, fresh=True, use_cache=False)
    FRESH_LAUNCHES.update({p: r for p, r in records.items() if read_spec(p).argv[0] != "python"})
    forked, _ = run_all([p for p in paths if p not in fresh], device, use_cache=False)
    assert len(first_of_chapter) >= 10, "too few chapters run in a fresh interpreter"
    return records | forked


@pytest.mark.parametrize("path", all_snippets())
def test_fresh_run_prints_what_the_build_showed(fresh_runs, path):
    spec = read_spec(path)
    entry = cache_entry(path, detect_device(), snippet_payload(spec))
    assert entry.exists(), f"{path}: the build left no record"
    shown = json.loads(entry.read_text(encoding="utf-8"))
    fresh = fresh_runs[path]
    assert fresh.status == shown["status"]
    assert normalise(fresh.output, spec.measured) == normalise(shown["output"], spec.measured)
