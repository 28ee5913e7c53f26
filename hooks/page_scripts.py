"""MkDocs hook: a page loads the scripts of formulas and zoomable figures only when it has one, deferred.

- Formulas (`$...$`, `$$...$$`, pymdownx.arithmatex in generic mode) are typeset in the browser by KaTeX,
  served by the site itself (no CDN; the offline copy keeps working): tools/katex_static.py puts the pinned
  KaTeX into .cache/katex/ when the venv is made, on_post_build copies it to assets/katex/, and only pages
  with a formula link it (deferred). Rendering errors show in red on the page (tests/site/test_browser.py
  fails on any).
- Figures zoom on click with mkdocs-glightbox. Its script would load, render-blocking, on every page:
  hooks/execute_snippets.py sets `glightbox` in the meta of a page with a figure, every other page is
  switched off here, and on a page that keeps it the script is deferred with its start-up code after it.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

KATEX = Path(__file__).resolve().parent.parent / ".cache" / "katex"
KATEX_FILES = ("katex.min.js", "contrib/auto-render.min.js", "katex.min.css")
DELIMITERS = (
    '[{left: "\\\\(", right: "\\\\)", display: false}, {left: "\\\\[", right: "\\\\]", display: true}]'
)
RENDER = (
    '<script>document.addEventListener("DOMContentLoaded", () => {'
    ' for (const el of document.querySelectorAll(".arithmatex"))'
    f" renderMathInElement(el, {{delimiters: {DELIMITERS}, throwOnError: false}}); }});</script>"
)
# A notebook's Markdown cells keep `$...$` and `$$...$$` as Jupyter writes them (nbconvert leaves them for
# MathJax, which the site does not load); KaTeX typesets them in the rendered Markdown cells only.
NOTEBOOK_DELIMITERS = '[{left: "$$", right: "$$", display: true}, {left: "$", right: "$", display: false}]'
NOTEBOOK_RENDER = (
    '<script>document.addEventListener("DOMContentLoaded", () => {'
    ' for (const el of document.querySelectorAll(".jp-RenderedMarkdown"))'
    f" renderMathInElement(el, {{delimiters: {NOTEBOOK_DELIMITERS}, throwOnError: false}}); }});</script>"
)
NOTEBOOK_MATH = re.compile(
    r'class="jp-RenderedHTMLCommon jp-RenderedMarkdown[^"]*"[^>]*>(?:(?!</div>).)*\$', re.S
)
GLIGHTBOX_SCRIPT = re.compile(r'<script src="(?P<src>[^"]*glightbox\.min\.js)"></script>')
GLIGHTBOX_INIT = re.compile(r'<script id="init-glightbox">(?P<code>.*?)</script>', re.S)

_with_formulas: set[str] = set()
_notebooks_with_formulas: set[str] = set()


def on_pre_build(config):
    _with_formulas.clear()
    _notebooks_with_formulas.clear()


def on_page_content(html, page, config, files):
    page.meta.setdefault("glightbox", False)  # pages with no figure (notebooks included) load no zoom script
    if 'class="arithmatex"' in html:
        _with_formulas.add(page.file.src_uri)
    elif page.file.src_uri.endswith(".ipynb") and NOTEBOOK_MATH.search(html):
        _notebooks_with_formulas.add(page.file.src_uri)
    return html


def on_post_page(output, page, config):
    if page.file.src_uri in _with_formulas | _notebooks_with_formulas:
        render = NOTEBOOK_RENDER if page.file.src_uri in _notebooks_with_formulas else RENDER
        url = {name: get_relative_url(f"assets/katex/{name}", page.url) for name in KATEX_FILES}
        output = output.replace(
            "</head>", f'<link rel="stylesheet" href="{url["katex.min.css"]}">\n</head>', 1
        ).replace(
            "</body>",
            f'<script defer src="{url["katex.min.js"]}"></script>'
            f'<script defer src="{url["contrib/auto-render.min.js"]}"></script>{render}\n</body>',
            1,
        )
    if page.meta.get("glightbox"):
        output, found = GLIGHTBOX_SCRIPT.subn(r'<script defer src="\g<src>"></script>', output, count=1)
        output, started = GLIGHTBOX_INIT.subn(
            lambda m: (
                f'<script id="init-glightbox">document.addEventListener("DOMContentLoaded", () => {{'
                f"{m['code']}}});</script>"
            ),
            output,
            count=1,
        )
        if not (found and started):
            raise PluginError(
                f"{page.file.src_uri}: mkdocs-glightbox's script tags changed; see hooks/page_scripts.py"
            )
    return output


def on_post_build(config):
    if not _with_formulas and not _notebooks_with_formulas:
        return
    missing = [name for name in KATEX_FILES if not (KATEX / name).is_file()]
    if missing:
        raise PluginError(
            f"KaTeX is missing from {KATEX} ({', '.join(missing)}), needed by {sorted(_with_formulas)[0]}:"
            " run `make venv` (tools/katex_static.py)"
        )
    shutil.copytree(KATEX, Path(config["site_dir"]) / "assets" / "katex", dirs_exist_ok=True)
