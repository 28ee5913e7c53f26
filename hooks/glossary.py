"""MkDocs hook: the glossary page (术语表 / Glossary) is generated from hooks/_glossary.py, the same list
tests/site/test_terms.py checks the pages against.

Where a page has `<!-- glossary -->`, the hook writes a table: the Chinese term, the English term, and the
first page (in nav order, a link to it) whose prose uses the term in the page's language. The home page and
the appendix pages (errata, report, the glossary itself) are not searched: a reader looks a term up to find
the chapter that teaches it.
"""

from __future__ import annotations

import re
from pathlib import Path

from _glossary import TERMS, used_in
from _pages import nav_files
from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
MARKER = "<!-- glossary -->"
NOT_SEARCHED = {"index.md", "errata.md", "report.md", "glossary.md", "contributing.md"}
HEADER = {
    "zh": "| 中文 | English | 首次出现 |\n| --- | --- | --- |",
    "en": "| 中文 | English | First used in |\n| --- | --- | --- |",
}
H1 = re.compile(r"^# (.+?)\s*$", re.M)


def searched_pages(nav) -> list[str]:
    """The Markdown pages of the nav in reading order, without the home page and the appendix."""
    return [p for p in nav_files(nav) if p.endswith(".md") and p not in NOT_SEARCHED]


def first_pages(lang: str, pages: list[str]) -> dict[str, str | None]:
    """Each shown term's zh word -> the first of `pages` (docs/<lang>/) that uses it, or None."""
    texts = {p: (DOCS / lang / p).read_text(encoding="utf-8") for p in pages}
    return {
        term["zh"]: next((p for p in pages if used_in(term, lang, texts[p])), None)
        for term in TERMS
        if term.get("show", True)
    }


def title(lang: str, page: str) -> str:
    m = H1.search((DOCS / lang / page).read_text(encoding="utf-8"))
    return m[1] if m else page


def render(lang: str, nav) -> str:
    first = first_pages(lang, searched_pages(nav))
    rows = [HEADER[lang]]
    for term in TERMS:
        if not term.get("show", True):
            continue
        page = first[term["zh"]]
        where = f"[{title(lang, page)}]({page})" if page else "—"
        rows.append(f"| {term['zh']} | {term['en']} | {where} |")
    return "\n".join(rows)


def on_page_markdown(markdown, page, config, files):
    if MARKER not in markdown:
        return markdown
    lang = config.theme["language"]
    if lang not in HEADER:
        raise PluginError(f"{page.file.src_uri}: no glossary header for language {lang!r}")
    return markdown.replace(MARKER, render(lang, config["nav"]))
