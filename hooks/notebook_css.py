"""Notebook pages keep only the JupyterLab style rules that can apply to them.

mkdocs-jupyter inlines JupyterLab's whole stylesheet (its templates/mkdocs_html/assets/index.css, 574 KB)
into every notebook page: rules for widgets, menus, dialogs and the file browser that a static notebook
never shows, and an 80 KB `.jupyter-wrapper :root { … }` that cannot match (the root element is never
inside the wrapper). hooks/notebooks.py passes the page through `prune_page`, which drops a rule when none
of its selectors can match this page:

- the selector needs a class or an id that no element of the page has (the page is static: nothing in the
  notebook gets classes at run time), or
- it puts `:root`, `html` or `body` below another element.

Everything else stays, in order: at-rules other than @media/@supports untouched, custom properties, state
selectors (`:hover`, `::selection`) of elements that exist. The marked block (data-pruned) is what
tests/site/test_browser.py compares, element by element and in both schemes, with the full stylesheet.

`size_cells` gives each notebook cell a height to reserve while the browser skips rendering it (the
content-visibility rule for notebook pages in overrides/main.html). The guess errs high, from the text the
cell holds as it would wrap on a phone: a box guessed smaller than its content lets the skipped content
spill over what follows as far as layout queries can tell, and accessibility checkers then measure text
colours against the wrong background. tests/site/test_browser.py checks the guess against every rendered
cell, at desktop and at phone width.
"""

from __future__ import annotations

import html as entities
import re
import unicodedata
from html.parser import HTMLParser
from math import ceil
from pathlib import Path

import mkdocs_jupyter
import tinycss2
from mkdocs.exceptions import PluginError

FULL_STYLESHEET = "templates/mkdocs_html/assets/index.css"  # in the mkdocs_jupyter package
STYLE_BLOCK = re.compile(r'<style type="text/css">(?P<css>(?:(?!</style>).)*)</style>', re.S)
# Arguments of :not(), :is(), :where(), :has() may name anything; only the selector's own tokens must exist.
ARGUMENTS = re.compile(r"\((?:[^()]|\([^()]*\))*\)")
CLASS = re.compile(r"\.(-?[_a-zA-Z][\w-]*)")
ID = re.compile(r"#(-?[_a-zA-Z][\w-]*)")
ROOT_BELOW = re.compile(r"[\s>+~](?::root\b|html\b|body\b)")


class _Tokens(HTMLParser):
    """Every class and id on the page."""

    def __init__(self) -> None:
        super().__init__()
        self.classes: set[str] = set()
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "class" and value:
                self.classes.update(value.split())
            elif name == "id" and value:
                self.ids.add(value)


def can_match(selector: str, tokens: _Tokens) -> bool:
    own = ARGUMENTS.sub("", selector).strip()
    if ROOT_BELOW.search(own):
        return False
    return set(CLASS.findall(own)) <= tokens.classes and set(ID.findall(own)) <= tokens.ids


def _prune(rules, tokens: _Tokens) -> str:
    kept = []
    for rule in rules:
        if rule.type == "qualified-rule":
            selectors = tinycss2.serialize(rule.prelude).split(",")
            if any(can_match(s, tokens) for s in selectors):
                kept.append(tinycss2.serialize([rule]))
        elif rule.type == "at-rule" and rule.lower_at_keyword in ("media", "supports") and rule.content:
            inner = _prune(tinycss2.parse_blocks_contents(rule.content, skip_whitespace=True), tokens)
            if inner:
                kept.append(f"@{rule.at_keyword}{tinycss2.serialize(rule.prelude)}{{{inner}}}")
        elif rule.type == "at-rule":
            kept.append(tinycss2.serialize([rule]))
    return "".join(kept)


def prune_css(css: str, page_html: str) -> str:
    tokens = _Tokens()
    tokens.feed(page_html)
    return _prune(tinycss2.parse_stylesheet(css, skip_whitespace=True, skip_comments=True), tokens)


def full_stylesheet() -> str:
    return (Path(mkdocs_jupyter.__file__).parent / FULL_STYLESHEET).read_text(encoding="utf-8")


def prune_page(html: str, where: str) -> str:
    """The page with mkdocs-jupyter's copy of JupyterLab's stylesheet pruned, and marked as such."""
    full = full_stylesheet().strip()
    blocks = [m for m in STYLE_BLOCK.finditer(html) if m["css"].strip() == full]
    if len(blocks) != 1:
        raise PluginError(f"{where}: {len(blocks)} copies of mkdocs-jupyter's {FULL_STYLESHEET}, expected 1")
    m = blocks[0]
    pruned = prune_css(m["css"], html)
    block = f'<style type="text/css" data-pruned="mkdocs_jupyter/{FULL_STYLESHEET}">{pruned}</style>'
    return html[: m.start()] + block + html[m.end() :]


CELL = re.compile(r'<div class="jp-Cell (?P<classes>[^"]*)"')
PRE = re.compile(r"<pre[^>]*>(?P<text>.*?)</pre>", re.S)
TAG = re.compile(r"<[^>]+>")
NOT_SHOWN = re.compile(r"<(style|script)\b.*?</\1>", re.S)  # mkdocs-jupyter leaves a <style> after the cells
BLOCK = re.compile(r"<(?:p|li|tr|h[1-6])\b")
HEADING = re.compile(r"<h[1-6][^>]*>(?P<text>.*?)</h[1-6]>", re.S)
PHONE_LINE = 36  # columns of a line on a 375 px phone, a CJK character taking two
LINE_EM, PRE_LINE_EM, BLOCK_EM, CELL_EM = 1.9, 1.5, 1.5, 4


def _columns(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _wrapped_lines(text: str) -> int:
    return sum(max(1, ceil(_columns(line) / PHONE_LINE)) for line in text.split("\n"))


def cell_height_em(cell_html: str) -> int:
    """A generous guess at a cell's height: its code and output lines, its prose wrapped on a phone."""
    em = CELL_EM
    cell_html = NOT_SHOWN.sub("", cell_html)
    for m in PRE.finditer(cell_html):
        em += PRE_LINE_EM * _wrapped_lines(entities.unescape(TAG.sub("", m["text"])))
    prose = PRE.sub("", cell_html)
    for m in HEADING.finditer(prose):  # headings: up to twice the size, so count their text again
        em += LINE_EM * _wrapped_lines(entities.unescape(TAG.sub("", m["text"])).strip())
    words = " ".join(entities.unescape(TAG.sub(" ", prose)).split())
    em += LINE_EM * ceil(_columns(words) / PHONE_LINE) + BLOCK_EM * len(BLOCK.findall(prose))
    return ceil(em)


def size_cells(html: str, where: str) -> str:
    """Every notebook cell gets `contain-intrinsic-size: auto <guess>em`; the notebook ends at </article>."""
    starts = []
    for m in CELL.finditer(html):
        # mkdocs-jupyter wraps a code cell in a second div with the same classes: size the outer one only.
        if not (starts and html[html.index(">", starts[-1]) + 1 : m.start()].isspace()):
            starts.append(m.start())
    if not starts:
        raise PluginError(f"{where}: no notebook cells found; mkdocs-jupyter's markup changed")
    end = html.index("</article>", starts[-1])
    out, last = [], 0
    for start, stop in zip(starts, [*starts[1:], end], strict=True):
        tag_end = html.index(">", start)
        height = cell_height_em(html[tag_end:stop])
        out += [html[last:tag_end], f' style="contain-intrinsic-size: auto {height}em"']
        last = tag_end
    return "".join(out) + html[last:]
