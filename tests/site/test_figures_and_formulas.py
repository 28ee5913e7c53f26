"""Figures a snippet draws and formulas a page writes (hooks/execute_snippets.py, hooks/page_scripts.py).

A page places each figure with `![alt text](name.png)` after the include; the hook turns it into the
image the run drew, sized, with that alt text, and fails the build for a figure left out, an image that
names no figure of the page, or empty alt text. Pages with a formula load the KaTeX the site serves, pages
with a figure load GLightbox, both deferred; other pages load neither. The last test reads the real build."""

from __future__ import annotations

import io
import re
from types import SimpleNamespace

import pytest
from _state import FIGURES
from execute_snippets import _place_figures
from mkdocs.exceptions import PluginError
from PIL import Image

from tests.site.pages import DOCS, LANGS, doc_pages


def png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(out, format="PNG")
    return out.getvalue()


@pytest.fixture
def page():
    FIGURES["t.md"] = {"dot.png": png(4, 3)}
    yield SimpleNamespace(file=SimpleNamespace(src_uri="t.md"))
    FIGURES.pop("t.md", None)


def test_a_placed_figure_becomes_the_drawn_image_with_its_size_and_alt_text(page):
    shown = _place_figures('text\n\n    ![点 "a" <b>](dot.png)\n', page, {"dot.png": "snippets/t/dot.py"})
    assert shown == (
        'text\n\n    <img class="snippet-figure" src="dot.png" alt="点 &quot;a&quot; &lt;b&gt;"'
        ' width="4" height="3" loading="lazy">\n'
    )


@pytest.mark.parametrize(
    ("markdown", "message"),
    [
        ("no image line\n", "snippets/t/dot.py draws dot.png, which the page does not show: add a line"),
        ("![  ](dot.png)\n", "the figure dot.png needs alt text in the page's language"),
        (
            "![a](dot.png)\n![b](other.png)\n",
            "![...](other.png) names no figure of a snippet this page includes",
        ),
    ],
)
def test_a_figure_left_out_unknown_or_without_alt_text_fails_naming_the_page(page, markdown, message):
    with pytest.raises(PluginError) as failed:
        _place_figures(markdown, page, {"dot.png": "snippets/t/dot.py"})
    assert str(failed.value).startswith("t.md: ") and message in str(failed.value)


def site_pages(site):
    for lang in LANGS:
        for page in doc_pages(lang):
            html = site / ("" if lang == "zh" else "en") / page.removesuffix(".md") / "index.html"
            if page == "index.md":
                html = site / ("" if lang == "zh" else "en") / "index.html"
            yield lang, page, html.read_text(encoding="utf-8")


def test_the_site_loads_katex_and_glightbox_only_where_needed_and_deferred(built_site):
    with_math = with_figures = 0
    for lang, page, html in site_pages(built_site):
        source = (DOCS / lang / page).read_text(encoding="utf-8")
        has_math = 'class="arithmatex"' in html
        has_figure = 'class="snippet-figure"' in html
        assert ("katex.min.js" in html) is has_math, (
            f"{lang}/{page}: KaTeX loaded {'without' * (not has_math)}"
        )
        assert ("glightbox.min.js" in html) is has_figure, f"{lang}/{page}: GLightbox and figures disagree"
        if has_math:
            with_math += 1
            assert re.search(r'<script defer src="[./]*assets/katex/katex\.min\.js">', html)
            assert "$" in source
        if has_figure:
            with_figures += 1
            assert re.search(r'<script defer src="[./]*assets/javascripts/glightbox\.min\.js">', html)
            for name in re.findall(r'<img class="snippet-figure" src="([\w-]+\.png)"', html):
                assert (
                    built_site / ("" if lang == "zh" else "en") / page.removesuffix(".md") / name
                ).is_file()
            for alt in re.findall(r'<img class="snippet-figure" src="[^"]+" alt="([^"]*)"', html):
                assert alt.strip() and not alt.endswith(".png"), f"{lang}/{page}: alt text {alt!r}"
    assert with_math >= 4 and with_figures >= 8  # the floors: formulas where they teach, 8+ figures
    assert (built_site / "assets" / "katex" / "fonts" / "KaTeX_Main-Regular.woff2").is_file()
    css = (built_site / "assets" / "katex" / "katex.min.css").read_text(encoding="utf-8")
    assert ".woff2" in css and ".ttf" not in css and ".woff)" not in css
