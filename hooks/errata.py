"""MkDocs hook: the errata page ("原笔记勘误 / Corrections to the original notes") is generated from the
"what the old notes said" boxes of every chapter, so the two can never drift apart.

Each box becomes one entry: the chapter and section it sits in (a link to that section's anchor), the box's
own text, and the snippets included in that section with their test files, which are the proof. A box in a
section without code (a historical fact, the status of another framework) says so instead of borrowing an
unrelated snippet. Chapters come in nav order; tests/site/test_errata.py checks every link of the result.

The page's intro says how many entries it holds: the hook writes the count where the page has COUNT_MARKER,
and refuses to build when the languages disagree (an entry is one box; a box may correct a few neighbouring
sentences of the notes).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from _data import DataError, load, string, strings
from _includes import INCLUDE_FENCE, INCLUDE_LINE
from _pages import DOCS, FENCE, HEADING, SLUG, nav_files, resolve, test_file_for
from _texts import texts, texts_for
from markdown.extensions.toc import unique
from mkdocs.exceptions import PluginError

MARKER = "<!-- errata -->"
COUNT_MARKER = "<!-- errata-count -->"
NOTES_MARKER = "<!-- notes-map -->"  # the table: each section of the old notes -> the site's sections
BOX_MARK = "???"  # folded: the old notes are an optional layer; a chapter reads on its own (DESIGN.md)
# The box's title and the words the page adds are [<lang>.errata] of hooks/data/texts.toml.
UNTITLED = "（无标题："  # how notes_map.toml names a passage of the notes that has no heading


class NotesSection(NamedTuple):
    """A [[section]] of hooks/data/notes_map.toml: a section of the old notes (issue 17)."""

    line: int  # the notes' line where it starts; it runs to the next section's line
    zh: str  # its heading as the notes spell it
    en: str
    # the site's sections that replace it (`page.md#anchor` with the Chinese page's anchor, `page.md` for a
    # whole page), or a key of [<lang>.errata.notes_none] saying why nothing does
    targets: list[str] | str


def _read_notes_map(data: dict) -> list[NotesSection]:
    if unknown := sorted(data.keys() - {"section"}):
        raise DataError(f"unknown keys {', '.join(unknown)}")
    found = []
    for n, entry in enumerate(data.get("section", []), 1):
        if not isinstance(entry, dict) or not isinstance(line := entry.get("line"), int) or line < 1:
            raise DataError(f"section {n}: no line number")
        what = f"section {n} (line {line})"
        if unknown := sorted(entry.keys() - {"line", "zh", "en", "site", "none"}):
            raise DataError(f"{what}: unknown keys {', '.join(unknown)}")
        if found and line <= found[-1].line:
            raise DataError(f"{what} comes after line {found[-1].line}: the sections follow the notes' order")
        names = [string(entry.get(lang), f"{what}: {lang}").strip() for lang in ("zh", "en")]
        if not all(names):
            raise DataError(f"{what}: a section without a name")
        if ("site" in entry) == ("none" in entry):
            raise DataError(
                f"{what}: give either `site`, the sections that replace it, or `none`, why none does"
            )
        if "none" in entry:
            targets = string(entry["none"], f"{what}: none")
        elif not (targets := strings(entry["site"], f"{what}: site")):
            raise DataError(f"{what}: `site` is empty; say why nothing replaces it with `none`")
        found.append(NotesSection(line, entry["zh"], entry["en"], targets))
    return found


def notes_map() -> list[NotesSection]:
    """The old notes' sections, in the notes' order, and the site's sections that replace each."""
    return load("notes_map.toml", _read_notes_map)


def boxes(lang: str, page: str) -> list[dict]:
    """The old-notes boxes of docs/<lang>/<page>, each with its section, anchor, text and proof: the files its
    section includes, above the box or below it (up to the next heading, so a subsection's code is not)."""
    lines = (DOCS / lang / page).read_text(encoding="utf-8").splitlines()
    box_title = texts_for(lang)["errata"]["box_title"]
    found, used_ids = [], set()
    title, section, anchor, section_includes = "", "", "", []
    fence, i = None, 0
    while i < len(lines):
        line = lines[i]
        m = FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)
        elif (
            fence is not None
            and line.strip() == fence[0] * len(line.strip())
            and len(line.strip()) >= len(fence)
        ):
            fence = None
        if (inc := INCLUDE_LINE.match(line)) is not None:
            section_includes.append(inc["path"])
        elif fence is None and (h := HEADING.match(line)):
            text = re.sub(r"`([^`]*)`", r"\1", h.group(2))
            slug = unique(SLUG(text, "-"), used_ids)
            if len(h.group(1)) == 1:
                title = h.group(2)
            else:
                section, anchor, section_includes = h.group(2), slug, []
        elif fence is None and line.startswith(f'{BOX_MARK} warning "{box_title}"'):
            body = []
            i += 1
            while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                body.append(lines[i][4:])
                if (inc := INCLUDE_LINE.match(lines[i])) is not None:
                    section_includes.append(inc["path"])  # code inside the box proves it too
                i += 1
            found.append(
                {
                    "page": page,
                    "title": title,
                    "section": section,
                    "anchor": anchor,
                    # a link to an anchor of the same page must name the page once the text moves
                    # code shown inside the box is listed as proof below it, not shown a second time
                    "text": re.sub(r"\]\(#", f"]({page}#", INCLUDE_FENCE.sub("", "\n".join(body)).strip()),
                    "proof": section_includes,  # the section's own list: later includes join it
                }
            )
            continue
        i += 1
    return [dict(box, proof=list(dict.fromkeys(box["proof"]))) for box in found]


def link(path: str, source: str) -> str:
    """A repository file, linked to its source view when the site knows where the repository lives."""
    return f"[`{path}`]({source}/blob/main/{path})" if source else f"`{path}`"


def chapters(config) -> list[str]:
    """The Markdown pages of the nav, in reading order."""
    return [p for p in nav_files(config["nav"]) if p.endswith(".md")]


def count(lang: str, pages: list[str]) -> int:
    """How many entries the errata page of `lang` has: the old-notes boxes of those pages."""
    return sum(len(boxes(lang, page)) for page in pages)


def render(lang: str, config) -> str:
    source = config.get("extra", {}).get("source_url", "").rstrip("/")
    words, out = texts_for(lang)["errata"], []
    for page in chapters(config):
        entries = boxes(lang, page)
        if not entries:
            continue
        out += [f"## {entries[0]['title']}", ""]
        for n, e in enumerate(entries, 1):
            target = f"{page}#{e['anchor']}" if e["anchor"] else page
            out += [f"**{n}. [{e['section'] or e['title']}]({target})**", ""]
            out += [e["text"], ""]
            proofs = []
            for path in e["proof"]:
                item = link(path, source)
                if test := test_file_for(path):
                    item += words["with_test"].format(test=link(test, source))
                proofs.append(item)
            out += [words["proof"] + words["sep"].join(proofs) if proofs else words["no_code"], ""]
    return "\n".join(out)


def notes_table(lang: str) -> str:
    """The table of the old notes' sections and the site's sections that replace each; every target that
    does not exist is named in one error."""
    words = texts_for(lang)["errata"]
    rows, errors = [f"| {' | '.join(words['notes_columns'])} |", "|---|---|"], []
    for section in notes_map():
        name, targets = section.zh if lang == "zh" else section.en, section.targets
        if isinstance(targets, str):
            if targets not in words["notes_none"]:
                raise PluginError(
                    f"hooks/data/notes_map.toml: line {section.line}: none = {targets!r} is not a key of"
                    f" [{lang}.errata.notes_none] in hooks/data/texts.toml"
                )
            where = words["notes_none"][targets]
        else:
            links = []
            for target in targets:
                try:
                    href, title, section = resolve(target, lang, "hooks/data/notes_map.toml")
                except PluginError as exc:
                    errors.append(str(exc))
                    continue
                links.append(f"[{title}{words['notes_in']}{section}]({href})")
            where = "<br>".join(links)
        rows.append(f"| {name.replace('|', '&#124;')} | {where} |")
    if errors:
        raise PluginError("\n".join(errors))
    return "\n".join(rows)


def on_page_markdown(markdown, page, config, files):
    if MARKER not in markdown:
        return markdown
    lang = config.theme["language"]
    texts_for(lang)  # a language without words fails here, naming the file that lacks them
    if COUNT_MARKER in markdown:
        pages = chapters(config)
        counts = {other: count(other, pages) for other in texts()}
        if len(set(counts.values())) != 1:
            raise PluginError(f"{page.file.src_uri}: the languages have different numbers of boxes: {counts}")
        markdown = markdown.replace(COUNT_MARKER, str(counts[lang]))
    if NOTES_MARKER in markdown:
        markdown = markdown.replace(NOTES_MARKER, notes_table(lang))
    return markdown.replace(MARKER, render(lang, config))
