"""MkDocs hook: the glossary page (术语表 / Glossary) is generated from hooks/_glossary.py, the same list
tests/site/test_terms.py checks the pages against.

Where a page has `<!-- glossary -->`, the hook writes a table: the Chinese term, the English term, and the
section that teaches it (`TAUGHT`, written with the Chinese page's anchor; the English table links the
section at the same place of the English page). A target that no longer exists fails the build.
"""

from __future__ import annotations

from _glossary import TAUGHT, TERMS
from _pages import resolve
from mkdocs.exceptions import PluginError

MARKER = "<!-- glossary -->"
HEADER = {
    "zh": "| 中文 | English | 讲解的小节 |\n| --- | --- | --- |",
    "en": "| 中文 | English | Taught in |\n| --- | --- | --- |",
}
CHAPTER = {"zh": "（{title}）", "en": " ({title})"}


def render(lang: str) -> str:
    rows = [HEADER[lang]]
    for term in TERMS:
        if not term.get("show", True):
            continue
        link, title, section = resolve(TAUGHT[term["zh"]], lang, "hooks/_glossary.py TAUGHT")
        where = f"[{section}]({link}){CHAPTER[lang].format(title=title)}" if section else f"[{title}]({link})"
        rows.append(f"| {term['zh']} | {term['en']} | {where} |")
    return "\n".join(rows)


def on_page_markdown(markdown, page, config, files):
    if MARKER not in markdown:
        return markdown
    lang = config.theme["language"]
    if lang not in HEADER:
        raise PluginError(f"{page.file.src_uri}: no glossary header for language {lang!r}")
    return markdown.replace(MARKER, render(lang))
