"""`python <file>` in a fresh interpreter prints what the build's forked run printed: one file per chapter,
so the fork server's shortcut is proven equal to the reader's command in every chapter. The file is the one
of the chapter that runs on this machine and took the build the least time: the property is the fork
server's, not the file's, and `make test-all` runs every file fresh (tests/site/test_copy_runs.py).
Chapters whose files are all launched (torchrun, horovodrun) run fresh in the build itself.

`make test` checks one chapter per part of the course (the first one the nav reaches), `make test-all` every
chapter: each fresh interpreter imports torch again, and all 20-odd cost about a minute on two cores."""

from __future__ import annotations

import pytest
import yaml
from _pages import nav_parts

from docs_runner.execute import run_all
from docs_runner.machine import detect_device
from docs_runner.records import comparable
from docs_runner.spec import all_snippets, read_spec
from tests.conftest import ROOT, build_records
from tests.site.pages import includes


def chapter(path: str) -> str:
    return path.split("/")[1]


def forked_here() -> dict[str, list[str]]:
    """Chapter -> its files that the fork server runs on this machine."""
    device = detect_device()
    files: dict[str, list[str]] = {}
    for path in all_snippets():
        spec = read_spec(path)
        if spec.launcher == "python" and not (spec.needs_cuda and device != "cuda"):
            files.setdefault(chapter(path), []).append(path)
    return files


FILES = forked_here()


def first_chapter_of_each_part() -> set[str]:
    """For each part of mkdocs.yml's nav but the appendix, the first chapter with forked files that one of its
    pages shows."""
    nav = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)["nav"]
    firsts = set()
    for pages in nav_parts(nav):
        shown = []
        for page in pages:
            if page.endswith(".md"):
                shown.extend(includes("zh", page))
        found = [target.split("/")[1] for target in shown if target.startswith("snippets/")]
        in_order = [name for name in found if name in FILES]
        if in_order:
            firsts.add(in_order[0])
    return firsts


QUICK = first_chapter_of_each_part()


def test_every_chapter_with_forked_files_has_one_that_runs_here():
    forked = {chapter(p) for p in all_snippets() if read_spec(p).launcher == "python"}
    assert set(FILES) == forked, f"no file runs on this machine in {sorted(forked - set(FILES))}"


@pytest.fixture(scope="module")
def chosen(request) -> dict[str, str]:
    """Chapter -> its file the build ran fastest (a tie goes to the first by name)."""
    records = build_records(request.session)
    return {name: min(paths, key=lambda path: records[path].seconds) for name, paths in FILES.items()}


@pytest.fixture(scope="module")
def fresh_runs(request, chosen):
    """The chosen files of the chapters this session tests, all at once, in fresh interpreters, sharing the
    cores as a build does."""
    names = [
        item.callspec.params["name"]
        for item in request.session.items
        if getattr(item, "originalname", "") == "test_fresh_interpreter_prints_what_the_build_showed"
    ]
    files = sorted(chosen[name] for name in names)
    return run_all(files, detect_device(), fresh=True, use_cache=False)[0]


def test_make_test_checks_a_chapter_of_every_part_that_has_one():
    assert {"tensors", "distributed"} <= QUICK  # the first chapters of 基础 and of 分布式
    assert len(QUICK) >= 4, QUICK


SLOW_TIER = [pytest.mark.exhaustive]
TIERED = [pytest.param(name, marks=[] if name in QUICK else SLOW_TIER) for name in sorted(FILES)]


@pytest.mark.parametrize("name", TIERED)
def test_fresh_interpreter_prints_what_the_build_showed(build_record, chosen, fresh_runs, name):
    path = chosen[name]
    spec = read_spec(path)
    shown = build_record(path.removeprefix("snippets/").removesuffix(".py"))
    assert shown.status == fresh_runs[path].status == "ok", path
    assert comparable(fresh_runs[path].output, spec.measured) == comparable(shown.output, spec.measured), path
