"""Known problems of the pinned torch (issue 24, item 7): a workaround for a torch bug is not taught as a
pattern. The page shows it in a box, `!!! bug "已知问题（torch <!-- pinned:torch -->）"` /
`!!! bug "Known problem (torch <!-- pinned:torch -->)"`, with a line `<!-- known-problem: NAME -->` just above
it, and the code that carries the workaround has a short comment pointing at the box.

Each box was checked against one torch release. When requirements.txt pins another one (or the environment
runs another one), its test below fails, saying which box to check again and how; then either the workaround
is still needed (set `checked_on` to the new release) or the box and the workaround go. Every `!!! bug` box
under docs/ needs an entry here, so that no box goes unchecked."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
import torch

from tests.conftest import ROOT
from tests.site.pages import DOCS, LANGS, doc_pages


@dataclass(frozen=True)
class KnownProblem:
    page: str  # under docs/<lang>/
    checked_on: str  # the torch release the box (and the need for its workaround) was checked on
    workaround: dict[str, str]  # file -> a line of it that carries the workaround
    recheck: str  # how to tell whether the workaround is still needed


KNOWN_PROBLEMS = {
    "restart-stale-store": KnownProblem(
        page="distributed-failures.md",
        checked_on="2.14.1",
        workaround={
            "snippets/distributed_failures/restart.py": 'dist.PrefixStore(f"attempt_{restart}", agent_store)',
        },
        recheck=(
            "in a copy of snippets/distributed_failures/restart.py, replace the TCPStore and PrefixStore"
            " lines and the init_process_group call by dist.init_process_group(backend), and run its"
            " `# run:` line a few times: if every run prints `restart 1 of 1, from step 4` (no `Gloo"
            " connectFullMesh failed`, no hang), torchrun's restarted workers no longer meet the previous"
            " attempt's keys, and the PrefixStore and the box can go; see pytorch/pytorch#135712"
        ),
    ),
    "gloo-exit-abort": KnownProblem(
        page="distributed-failures.md",
        checked_on="2.14.1",
        workaround={
            "snippets/distributed_failures/join_early_stop.py": "time.sleep(0.1)",
            "examples/mnist_distributed.py": "time.sleep(0.1)",
        },
        recheck=(
            "remove the time.sleep(0.1) before dist.destroy_process_group() in those files and run the"
            " `# run:` line of snippets/distributed_failures/join_early_stop.py many times (it exits right"
            " after its last collective, so it meets the race most often): if no rank ever dies with"
            " SIGABRT and `terminate called without an active exception`, the pause and the box can go;"
            " see pytorch/pytorch#190489"
        ),
    ),
}

BOX = {
    "zh": '!!! bug "已知问题（torch <!-- pinned:torch -->）"',
    "en": '!!! bug "Known problem (torch <!-- pinned:torch -->)"',
}
MARKER = re.compile(r"^\s*<!-- known-problem: ([\w-]+) -->\s*$")
ANY_BUG_BOX = re.compile(r"^\s*(?:!!!|\?\?\?\+?)\s+bug\b")


def pinned_torch() -> str:
    """The release requirements.txt pins: `torch==2.14.1` -> "2.14.1"."""
    text = (ROOT / "requirements.txt").read_text(encoding="utf-8")
    found = re.findall(r"^torch==([\w.]+)\s*(?:#.*)?$", text, re.M)
    assert len(found) == 1, f"requirements.txt: expected one `torch==` pin, found {found}"
    return found[0]


def boxes(lang: str) -> list[tuple[str, int, str | None]]:
    """(page, line number, the name on the marker line above it, or None) for each bug box of a language."""
    found = []
    for page in doc_pages(lang):
        lines = (DOCS / lang / page).read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, 1):
            if not ANY_BUG_BOX.match(line):
                continue
            above = [text for text in lines[: number - 1] if text.strip()]
            marker = MARKER.match(above[-1]) if above else None
            found.append((page, number, marker[1] if marker else None))
    return found


@pytest.mark.parametrize("name", sorted(KNOWN_PROBLEMS))
def test_the_box_was_checked_on_the_pinned_torch(name):
    problem = KNOWN_PROBLEMS[name]
    pinned, running = pinned_torch(), torch.__version__.split("+")[0]
    assert pinned == running == problem.checked_on, (
        f"known problem {name!r} (the bug box under `<!-- known-problem: {name} -->` in docs/zh and docs/en"
        f" {problem.page}) was checked on torch {problem.checked_on}; requirements.txt pins {pinned} and"
        f" this environment runs {running}. The workaround is in {', '.join(problem.workaround)}."
        f" Check it again: {problem.recheck}. If the workaround is still"
        f" needed, set checked_on to {pinned} in tests/site/test_known_problems.py; if not, remove the box"
        " (both languages), the workaround and this entry."
    )


@pytest.mark.parametrize("name", sorted(KNOWN_PROBLEMS))
def test_the_workaround_is_in_its_files_with_a_comment_pointing_at_the_box(name):
    """A workaround and its box go together: a file that drops the workaround should drop its entry here, and
    a reader of the file learns from a comment on the line (or the lines just above) that it is one."""
    for path, workaround in KNOWN_PROBLEMS[name].workaround.items():
        lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
        numbers = [number for number, line in enumerate(lines) if workaround in line]
        assert numbers, f"{path}: no longer holds {workaround!r}, the workaround of known problem {name!r}"
        for number in numbers:
            nearby = " ".join(lines[max(0, number - 2) : number + 1]).lower()
            assert "known problem" in nearby, (
                f"{path}:{number + 1}: {workaround!r} needs a comment (on it or just above) saying it works"
                " around a known problem, and where the page explains it"
            )


@pytest.mark.parametrize("lang", LANGS)
def test_every_bug_box_is_a_known_problem_with_an_entry_here(lang):
    found = boxes(lang)
    problems = [
        f"docs/{lang}/{page}:{number}: a bug box without `<!-- known-problem: NAME -->` on the line above"
        for page, number, name in found
        if name is None
    ]
    problems += [
        f"docs/{lang}/{page}:{number}: known problem {name!r} has no entry in KNOWN_PROBLEMS here"
        for page, number, name in found
        if name is not None and name not in KNOWN_PROBLEMS
    ]
    problems += [
        f"docs/{lang}/{KNOWN_PROBLEMS[name].page}: no box for known problem {name!r}"
        for name in KNOWN_PROBLEMS
        if (KNOWN_PROBLEMS[name].page, name) not in {(page, marked) for page, _, marked in found}
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", LANGS)
def test_a_bug_box_has_the_known_problem_title(lang):
    """The title names the torch release through the build fact, so it follows the pin."""
    for page, number, _ in boxes(lang):
        line = (DOCS / lang / page).read_text(encoding="utf-8").splitlines()[number - 1]
        assert line.strip() == BOX[lang], f"docs/{lang}/{page}:{number}: a bug box is titled {BOX[lang]}"
