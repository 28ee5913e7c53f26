"""The pages as the hooks read them, shared by the errata, glossary and report hooks and by the tests: the
nav's files in reading order, a page's outline (title, sections with the anchors the toc extension gives
them, includes), and the test file that proves a snippet. Private helper of the hooks.
"""

from __future__ import annotations

import re
from pathlib import Path

from _includes import INCLUDE_LINE
from markdown.extensions.toc import unique
from mkdocs.exceptions import PluginError
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


def nav_parts(nav) -> list[list[str]]:
    """The chapters of each part of the nav but the last (the appendix), in reading order, without the home
    page."""
    parts = [item for item in nav or [] if isinstance(item, dict)]
    return [[p for p in nav_files([part]) if p != "index.md"] for part in parts[:-1]]


def chapter_pages(nav) -> list[str]:
    """The chapters, in reading order: nav_parts' pages, part after part. Each has a notebook per language
    (hooks/chapter_notebooks.py)."""
    return [page for part in nav_parts(nav) for page in part]


def _headings(
    lang: str, page: str
) -> tuple[list[str], list[tuple[int, int, str, str]], list[tuple[str, int]]]:
    """docs/<lang>/<page>'s lines; its headings outside code fences as (line index, level, text, anchor),
    with the anchors the toc extension gives them (code spans unwrapped, repeated slugs numbered); its
    includes as (path, how many headings come before it)."""
    lines = (DOCS / lang / page).read_text(encoding="utf-8").splitlines()
    found, includes, used_ids, fence = [], [], set(), None
    for n, line in enumerate(lines):
        if inc := INCLUDE_LINE.match(line):
            includes.append((inc["path"], len(found)))
        if (m := FENCE.match(line)) and fence is None:
            fence = m.group(1)
            continue
        if fence is not None:
            if line.strip() == fence[0] * len(line.strip()) and len(line.strip()) >= len(fence):
                fence = None
            continue
        if h := HEADING.match(line):
            slug = unique(SLUG(re.sub(r"`([^`]*)`", r"\1", h.group(2)), "-"), used_ids)
            found.append((n, len(h.group(1)), h.group(2), slug))
    return lines, found, includes


def outline(lang: str, page: str) -> tuple[str, list[tuple[int, str, str]], list[tuple[str, int]]]:
    """docs/<lang>/<page>'s title (its first H1), its sections below it as (level, heading, anchor) in order,
    and the files it includes as (path, index of the section holding the include, -1 before the first
    section)."""
    _, found, includes = _headings(lang, page)
    title = next((text for _, level, text, _ in found if level == 1), "")
    sections, index_of = [], {}  # index_of: position among all headings -> index among the sections
    for k, (_, level, text, slug) in enumerate(found):
        if level > 1:
            sections.append((level, text, slug))
        index_of[k + 1] = len(sections) - 1
    return title, sections, [(path, index_of.get(before, -1)) for path, before in includes]


def section_text(lang: str, page: str, anchor: str) -> str:
    """The Markdown of one section of docs/<lang>/<page>: its heading and everything up to the next heading
    of the same or a higher level."""
    lines, found, _ = _headings(lang, page)
    for k, (start, level, _, slug) in enumerate(found):
        if slug == anchor:
            end = next((n for n, lv, _, _ in found[k + 1 :] if lv <= level), len(lines))
            return "\n".join(lines[start:end])
    raise KeyError(f"docs/{lang}/{page} has no section #{anchor}")


def resolve(target: str, lang: str, who: str) -> tuple[str, str, str]:
    """A target written with the Chinese page's anchor (`page.md#zh-anchor`, or `page.md` for the whole page)
    as (link, page title, section heading or "") in `lang`: the section at the same place in that language's
    page. A target whose page or section does not exist fails the build, naming `who` wrote it and where that
    anchor is now if another page has it."""
    page, _, anchor = target.partition("#")
    if not (DOCS / "zh" / page).is_file():
        raise PluginError(f"{who}: {target}: there is no docs/zh/{page}")
    zh_title, zh = headings("zh", page)
    if not anchor:
        return page, headings(lang, page)[0] if lang != "zh" else zh_title, ""
    where = [i for i, (_, _, slug) in enumerate(zh) if slug == anchor]
    if not where:
        elsewhere = [
            f"{other.name}#{anchor}"
            for other in sorted((DOCS / "zh").glob("*.md"))
            if other.name != page and any(slug == anchor for _, _, slug in headings("zh", other.name)[1])
        ]
        hint = f" (it is now {' or '.join(elsewhere)})" if elsewhere else ""
        raise PluginError(f"{who}: {target}: docs/zh/{page} has no such section{hint}")
    if lang == "zh":
        _, text, slug = zh[where[0]]
        return f"{page}#{slug}", zh_title, text
    title, sections = headings(lang, page)
    if [level for level, _, _ in sections] != [level for level, _, _ in zh]:
        raise PluginError(f"{who}: {target}: docs/{lang}/{page} has other sections than zh")
    _, text, slug = sections[where[0]]
    return f"{page}#{slug}", title, text


def headings(lang: str, page: str) -> tuple[str, list[tuple[int, str, str]]]:
    """docs/<lang>/<page>'s title and sections, as outline() finds them."""
    title, found, _ = outline(lang, page)
    return title, found
