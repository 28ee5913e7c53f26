"""The pages as the hooks read them, shared by the errata, glossary and report hooks and by the tests: the
nav's files in reading order, a page's outline (title, sections with the anchors the toc extension gives
them, includes), and the test file that proves a snippet. Private helper of the hooks.
"""

from __future__ import annotations

import re
from pathlib import Path

from _includes import INCLUDE_LINE
from markdown.extensions.toc import unique
from pymdownx.slugs import slugify

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
HEADING = re.compile(r"^(#{1,6}) (.+?)\s*$")
FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
SLUG = slugify(case="lower")


def test_file_for(snippet: str) -> str | None:
    """tests/snippets/<topic>/test_<name>.py for a snippet, tests/examples/test_<name>.py for an example."""
    path = Path(snippet)
    if path.parts[0] == "snippets":
        candidate = Path("tests", *path.parts[:-1]) / f"test_{path.stem}.py"
    else:
        candidate = Path("tests", "examples", f"test_{path.stem}.py")
    return candidate.as_posix() if (ROOT / candidate).is_file() else None


def nav_files(nav) -> list[str]:
    """Every file mkdocs.yml's `nav` lists, sections walked depth first, in reading order (the tests'
    list of pages too)."""
    files = []
    for item in nav or []:
        for target in item.values() if isinstance(item, dict) else [item]:
            files += [target] if isinstance(target, str) else nav_files(target)
    return files


def outline(lang: str, page: str) -> tuple[str, list[tuple[int, str, str]], list[tuple[str, int]]]:
    """docs/<lang>/<page>'s title (its H1), its sections below it as (level, heading, anchor) in order, with
    the anchors the toc extension gives them (code spans unwrapped, repeated slugs numbered), and the files it
    includes as (path, index of the section holding the include, -1 before the first section)."""
    title, found, includes, used_ids, fence = "", [], [], set(), None
    for line in (DOCS / lang / page).read_text(encoding="utf-8").splitlines():
        if inc := INCLUDE_LINE.match(line):
            includes.append((inc["path"], len(found) - 1))
        if (m := FENCE.match(line)) and fence is None:
            fence = m.group(1)
            continue
        if fence is not None:
            if line.strip() == fence[0] * len(line.strip()) and len(line.strip()) >= len(fence):
                fence = None
            continue
        if h := HEADING.match(line):
            slug = unique(SLUG(re.sub(r"`([^`]*)`", r"\1", h.group(2)), "-"), used_ids)
            if len(h.group(1)) == 1:
                title = title or h.group(2)
            else:
                found.append((len(h.group(1)), h.group(2), slug))
    return title, found, includes


def headings(lang: str, page: str) -> tuple[str, list[tuple[int, str, str]]]:
    """docs/<lang>/<page>'s title and sections, as outline() finds them."""
    title, found, _ = outline(lang, page)
    return title, found
