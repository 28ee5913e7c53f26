"""The print page that hooks/pdf_export.py has Chromium print, made ready for paper. Private helper of it.

mkdocs-print-site-plugin writes the page from each chapter's HTML, inside the theme's template, with the
template context of the last page built; it never goes through the hooks' on_post_page. So this adds what
on_post_page gives a page of the site, and what paper needs:
- KaTeX (hooks/page_scripts.py), for the site's formulas and the notebooks' Markdown cells;
- nbconvert's CDN loaders go (hooks/notebooks.py), and JupyterLab's stylesheet, which each notebook chapter
  brought along, is kept once and pruned as on a notebook page (hooks/_notebook_css.py);
- the print styles: A4 with page numbers, the cover, the fonts (below), code that wraps and may continue on
  the next page, the version-matrix lines folded.
"""

from __future__ import annotations

import re
from pathlib import Path

from _notebook_css import STYLE_BLOCK, full_stylesheet, prune_page
from mkdocs.exceptions import PluginError
from notebooks import CDN_LOADERS  # nbconvert's CDN loaders, which notebook pages lose in on_post_page
from page_scripts import DELIMITERS, KATEX_FILES, NOTEBOOK_DELIMITERS

# print-site renders the print page with the template context of the last page built, whose links to its twin
# in each language (<link rel="alternate">) Material's script follows to fetch that language's sitemap.xml
# (for its language switcher): they are not the print page's twins, and it has no language switcher.
ALTERNATE = re.compile(r'<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')
# The print page's own additions: KaTeX (hooks/page_scripts.py adds it to pages in on_post_page, which the
# print page never goes through) for the site's formulas and the notebooks' Markdown cells, and print styles.
PRINT_CSS = """
<style>
/* A4, page numbers at the foot (print-site's own footer, "Page N", goes) */
@page {
  size: A4; margin: 16mm 15mm 18mm;
  @bottom-right { content: none; }
  @bottom-center { content: counter(page) " / " counter(pages); font: 8pt "DejaVu Sans"; color: #777; }
}
/* Fonts Chromium embeds as named TrueType subsets: it embeds a font with CFF outlines, as Noto Sans CJK is,
   only as unnamed Type 3 glyph procedures (one font per 256 glyphs: 345 in the Chinese PDF), so Chinese
   is set in WenQuanYi Micro Hei (fonts-wqy-microhei, TrueType outlines), in both PDFs, code included; one
   face for every weight (Chromium makes the bold), or fontconfig would find Noto's bold for bold text. */
@font-face { font-family: "PDF CJK"; src: local("WenQuanYi Micro Hei"); font-weight: 100 900; }
@font-face { font-family: "PDF CJK Mono"; src: local("WenQuanYi Micro Hei Mono"); font-weight: 100 900; }
html[lang] { --md-text-font: "DejaVu Sans", "PDF CJK"; --md-code-font: "DejaVu Sans Mono", "PDF CJK Mono"; }
html[lang="zh"] { --md-text-font: "PDF CJK"; }
@media print {
  #print-site-cover-page { page-break-after: always; padding-top: 4cm; }
  #print-site-cover-page .pdf-cover__logo { width: 3cm; }
  #print-site-cover-page .pdf-cover__title { font-size: 3em; font-weight: 700; margin: .6em 0;
    color: var(--md-default-fg-color); }
  #print-site-cover-page .pdf-cover__subtitle { font-size: 1.3em; margin: 0 auto 2.5em; max-width: 80%; }
  #print-site-cover-page p { color: var(--md-default-fg-color--light); }
  #print-page-toc a { text-decoration: none; }
  #print-site-page clipboard-copy { display: none; }  /* a notebook cell's copy button: nothing to press */
  /* A block of code or output may continue on the next page (print-site keeps each whole, which left the
     rest of a page empty before every block too long for it); a figure stays whole. */
  #print-site-page pre, #print-site-page .highlight { page-break-inside: auto; }
  #print-site-page img, #print-site-page figure { page-break-inside: avoid; }
  #print-site-page h2, #print-site-page h3, #print-site-page .filename { page-break-after: avoid; }
  /* Material opens every <details> for printing: the version-matrix line under each code block stays its
     one-line summary (the releases, one by one, would take half the book) */
  #print-site-page details.torch-versions > :not(summary) { display: none !important; }
  /* a long line of code or output wraps instead of running off the page (a PDF cannot scroll) */
  .md-typeset pre > code { white-space: pre-wrap; overflow-wrap: anywhere; }
  /* rendering skipped off-screen (the site's speed rules) must not leave a box empty on paper */
  .md-typeset .highlight, .md-typeset details, .md-typeset .admonition, .jp-Cell {
    content-visibility: visible !important; contain-intrinsic-size: none !important; }
}
</style>
"""


def _katex() -> tuple[str, str]:
    url = {name: f"../assets/katex/{name}" for name in KATEX_FILES}
    head = f'<link rel="stylesheet" href="{url["katex.min.css"]}">\n'
    body = (
        f'<script defer src="{url["katex.min.js"]}"></script>'
        f'<script defer src="{url["contrib/auto-render.min.js"]}"></script>'
        '<script>document.addEventListener("DOMContentLoaded", () => {'
        ' for (const el of document.querySelectorAll("#print-site-page .arithmatex"))'
        f" renderMathInElement(el, {{delimiters: {DELIMITERS}, throwOnError: false}});"
        ' for (const el of document.querySelectorAll("#print-site-page .jp-RenderedMarkdown"))'
        f" renderMathInElement(el, {{delimiters: {NOTEBOOK_DELIMITERS}, throwOnError: false}});"
        " });</script>\n"
    )
    return head, body


def finish_print_page(path: Path, site: Path) -> None:
    """Make the print page that print-site wrote at `path` (in the build folder `site`) ready to print."""
    where = path.relative_to(site).as_posix()
    if not path.is_file():
        raise PluginError(f"print-site wrote no {where}")
    html = path.read_text(encoding="utf-8")
    if html.count("</head>") != 1 or html.count("</body>") != 1:
        raise PluginError(f"{where} is not one HTML document (a page's HTML held a whole document?)")
    html = one_id_per_chapter(html)
    html, copies = one_notebook_stylesheet(ALTERNATE.sub("", CDN_LOADERS.sub("", html)))
    if copies:
        html = prune_page(html, where)
    head, body = _katex()
    html = html.replace("</head>", head + PRINT_CSS + "</head>", 1).replace("</body>", body + "</body>", 1)
    path.write_text(html, encoding="utf-8")


CHAPTER_ID = re.compile(r'<section class="print-page" id="(?P<id>[^"]+)"')
HEADING_ID = re.compile(r'<h(?P<level>[1-6]) id="(?P<id>[^"]+)"')


def one_id_per_chapter(html: str) -> str:
    """print-site gives each chapter the id of its URL (en/distributed/: "en-distributed") and each heading
    the id of its page's URL and its own (the English home page's "Distributed": "en" + "distributed"), so a
    heading can take a chapter's id, and the links to that chapter then land on the heading (the first of the
    two). Such a heading's id changes; the links were all written as links to the chapter anyway."""
    chapters = set(CHAPTER_ID.findall(html))
    return HEADING_ID.sub(
        lambda m: f'<h{m["level"]} id="{m["id"]}-heading"' if m["id"] in chapters else m[0], html
    )


def one_notebook_stylesheet(html: str) -> tuple[str, int]:
    """Each notebook chapter brings its copy of JupyterLab's stylesheet (574 KB, every rule under
    .jupyter-wrapper): the print page keeps the first, for hooks/_notebook_css.py to prune to the rules that
    can apply, as on a notebook page of the site; (the page, how many copies it had)."""
    full = full_stylesheet().strip()
    copies = [m for m in STYLE_BLOCK.finditer(html) if m["css"].strip() == full]
    for m in reversed(copies[1:]):
        html = html[: m.start()] + html[m.end() :]
    return html, len(copies)
