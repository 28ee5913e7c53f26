"""MkDocs hook: the glossary page (术语表 / Glossary) is generated from hooks/data/glossary.toml (read by
hooks/_glossary.py), the same list tests/site/test_terms.py checks the pages against.

Where a page has `<!-- glossary -->`, the hook writes a table: the Chinese term, the English term, the first
page (in nav order, without the home page and the appendix) whose prose uses it in the page's language, and
the section that teaches it (a term's `taught`, written with the Chinese page's anchor; the English table
links the section at the same place of the English page). A target that no longer exists fails the build.
The table's column names are [<lang>.glossary] of hooks/data/texts.toml.
"""

from __future__ import annotations

from _glossary import glossary, used_in
from _pages import DOCS, nav_files, outline, resolve
from _texts import texts_for

MARKER = "<!-- glossary -->"
NOT_SEARCHED = {"index.md", "errata.md", "report.md", "glossary.md", "contributing.md"}


def first_pages(lang: str, pages: list[str]) -> dict[str, str | None]:
    """Each shown term's zh word -> the first of `pages` (docs/<lang>/, in reading order) that uses it."""
    texts = {p: (DOCS / lang / p).read_text(encoding="utf-8") for p in pages}
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


def on_page_markdown(markdown, page, config, files):
    if MARKER not in markdown:
        return markdown
    return markdown.replace(MARKER, render(config.theme["language"], config["nav"]))
