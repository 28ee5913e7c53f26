"""`python <file>` in a fresh interpreter prints what the build's forked run printed: one file per chapter
(the first that runs on this machine), so the fork server's shortcut is proven equal to the reader's command
in every chapter. Chapters whose files are all launched (torchrun, horovodrun) run fresh in the build
itself."""

from __future__ import annotations

import pytest

from docs_runner.execute import run_all
from docs_runner.machine import detect_device
from docs_runner.records import normalise
from docs_runner.spec import all_snippets, read_spec


def chapter(path: str) -> str:
    return path.split("/")[1]


def first_per_chapter() -> dict[str, str]:
    device = detect_device()
    chosen: dict[str, str] = {}
    for path in all_snippets():
        spec = read_spec(path)
        if spec.launcher == "python" and not (spec.needs_cuda and device != "cuda"):
            chosen.setdefault(chapter(path), path)
    return chosen


CHAPTERS = first_per_chapter()


def test_every_chapter_with_forked_files_has_one_that_runs_here():
    forked = {chapter(p) for p in all_snippets() if read_spec(p).launcher == "python"}
    assert set(CHAPTERS) == forked, f"no file runs on this machine in {sorted(forked - set(CHAPTERS))}"


@pytest.fixture(scope="module")
def fresh_runs():
    """All chosen files at once, in fresh interpreters, sharing the cores as a build does."""
    return run_all(sorted(CHAPTERS.values()), detect_device(), fresh=True, use_cache=False)[0]


@pytest.mark.parametrize("path", sorted(CHAPTERS.values()))
def test_fresh_interpreter_prints_what_the_build_showed(build_record, fresh_runs, path):
    spec = read_spec(path)
    shown = build_record(path.removeprefix("snippets/").removesuffix(".py"))
    assert shown.status == fresh_runs[path].status == "ok"
    assert normalise(fresh_runs[path].output, spec.measured) == normalise(shown.output, spec.measured)
