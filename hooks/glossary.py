"""MkDocs hook: the glossary page (术语表 / Glossary) is generated from hooks/_glossary.py, the same list
tests/site/test_terms.py checks the pages against.

Where a page has `<!-- glossary -->`, the hook writes a table: the Chinese term, the English term, the first
page (in nav order, without the home page and the appendix) whose prose uses it in the page's language, and
the section that teaches it (`TAUGHT`, written with the Chinese page's anchor; the English table links the
section at the same place of the English page). A target that no longer exists fails the build.
"""

from __future__ import annotations

from _glossary import TAUGHT, TERMS, used_in
from _pages import DOCS, nav_files, outline, resolve
from mkdocs.exceptions import PluginError

MARKER = "<!-- glossary -->"
NOT_SEARCHED = {"index.md", "errata.md", "report.md", "glossary.md", "contributing.md"}
HEADER = {
    "zh": "| 中文 | English | 首次出现 | 讲解的小节 |\n| --- | --- | --- | --- |",
    "en": "| 中文 | English | First used in | Taught in |\n| --- | --- | --- | --- |",
}
CHAPTER = {"zh": "（{title}）", "en": " ({title})"}


def first_pages(lang: str, pages: list[str]) -> dict[str, str | None]:
    """Each shown term's zh word -> the first of `pages` (docs/<lang>/, in reading order) that uses it."""
    texts = {p: (DOCS / lang / p).read_text(encoding="utf-8") for p in pages}
    return {
        term["zh"]: next((p for p in pages if used_in(term, lang, texts[p])), None)
        for term in TERMS
        if term.get("show", True)
    }


def render(lang: str, nav) -> str:
    pages = [p for p in nav_files(nav) if p.endswith(".md") and p not in NOT_SEARCHED]
    first = first_pages(lang, pages)
    rows = [HEADER[lang]]
    for term in TERMS:
        if not term.get("show", True):
            continue
        page = first[term["zh"]]
        used = f"[{outline(lang, page)[0]}]({page})" if page else "—"
        link, title, section = resolve(TAUGHT[term["zh"]], lang, "hooks/_glossary.py TAUGHT")
        taught = (
            f"[{section}]({link}){CHAPTER[lang].format(title=title)}" if section else f"[{title}]({link})"
        )
        rows.append(f"| {term['zh']} | {term['en']} | {used} | {taught} |")
    return "\n".join(rows)


def on_page_markdown(markdown, page, config, files):
    if MARKER not in markdown:
        return markdown
    lang = config.theme["language"]
    if lang not in HEADER:
        raise PluginError(f"{page.file.src_uri}: no glossary header for language {lang!r}")
    return markdown.replace(MARKER, render(lang, config["nav"]))
