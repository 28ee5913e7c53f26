"""MkDocs hook: the glossary page (术语表 / Glossary) is generated from hooks/data/glossary.toml (read by
hooks/_glossary.py), the same list tests/site/test_terms.py checks the pages against.

Where a page has `<!-- glossary -->`, the hook writes a table: the Chinese term, the English term, the first
page (in nav order, without the home page and the appendix) whose prose uses it in the page's language, and
the section that teaches it (a term's `taught`, written with the Chinese page's anchor; the English table
links the section at the same place of the English page). A target that no longer exists fails the build.
The table's column names are [<lang>.glossary] of hooks/data/texts.toml. Which page first uses each term is
kept on disk under the pages' text and the glossary, so a warm build does not search every page again.
"""

from __future__ import annotations

from pathlib import Path

import _glossary
from _glossary import glossary, used_in
from _memo import DiskMemo, digest
from _pages import DOCS, nav_files, outline, resolve
from _texts import texts_for

FIRST = DiskMemo("glossary", "")  # keyed in on_config: the glossary's data and code

MARKER = "<!-- glossary -->"
NOT_SEARCHED = {"index.md", "errata.md", "report.md", "glossary.md", "contributing.md"}


def first_pages(lang: str, pages: list[str]) -> dict[str, str | None]:
    """Each shown term's zh word -> the first of `pages` (docs/<lang>/, in reading order) that uses it."""
    texts = {p: (DOCS / lang / p).read_text(encoding="utf-8") for p in pages}
    asked = (lang, [(p, digest(texts[p])) for p in pages])
    return FIRST.get(asked, lambda: _first_pages(lang, pages, texts))


def _first_pages(lang: str, pages: list[str], texts: dict[str, str]) -> dict[str, str | None]:
    return {
        term["zh"]: next((p for p in pages if used_in(term, lang, texts[p])), None)
        for term in glossary().terms
        if term.get("show", True)
    }


def render(lang: str, nav) -> str:
    pages = [p for p in nav_files(nav) if p.endswith(".md") and p not in NOT_SEARCHED]
    first, words, known = first_pages(lang, pages), texts_for(lang)["glossary"], glossary()
    columns = words["columns"]
    rows = [f"| {' | '.join(columns)} |", f"|{' --- |' * len(columns)}"]
    for term in known.terms:
        if not term.get("show", True):
            continue
        page = first[term["zh"]]
        used = f"[{outline(lang, page)[0]}]({page})" if page else "—"
        link, title, section = resolve(known.taught[term["zh"]], lang, "hooks/data/glossary.toml taught")
        taught = (
            f"[{section}]({link}){words['chapter'].format(title=title)}" if section else f"[{title}]({link})"
        )
        rows.append(f"| {term['zh']} | {term['en']} | {used} | {taught} |")
    return "\n".join(rows)


def on_config(config):
    code = Path(_glossary.__file__)
    data = code.parent / "data" / "glossary.toml"
    FIRST.rekey(digest(code.read_text(encoding="utf-8") + data.read_text(encoding="utf-8")))
    FIRST.load(Path(config.config_file_path).parent / ".cache")
    return config


def on_page_markdown(markdown, page, config, files):
    if MARKER not in markdown:
        return markdown
    return markdown.replace(MARKER, render(config.theme["language"], config["nav"]))
