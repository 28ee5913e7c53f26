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

import hashlib
import html as entities
import json
import os
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
    return _Selector(selector).matches(tokens)


class _Selector:
    """One selector of a rule, reduced to what `can_match` asks of a page (computed once per stylesheet)."""

    __slots__ = ("classes", "ids", "never")

    def __init__(self, selector: str) -> None:
        own = ARGUMENTS.sub("", selector).strip()
        self.never = bool(ROOT_BELOW.search(own))
        self.classes = frozenset(CLASS.findall(own))
        self.ids = frozenset(ID.findall(own))

    def matches(self, tokens: _Tokens) -> bool:
        return not self.never and self.classes <= tokens.classes and self.ids <= tokens.ids

    def to_json(self) -> list:
        return [self.never, sorted(self.classes), sorted(self.ids)]

    @classmethod
    def from_json(cls, data: list) -> _Selector:
        selector = cls.__new__(cls)
        selector.never, selector.classes, selector.ids = data[0], frozenset(data[1]), frozenset(data[2])
        return selector


# A stylesheet compiled for pruning: each top-level item is one of
#   ("rule", selectors, text)      a qualified rule, kept when one of its selectors can match
#   ("group", head, items)         @media/@supports with content, kept with the inner items that survive
#   ("keep", text)                 any other at-rule, kept as it is
# where `text` is tinycss2's serialisation, so pruning a page only joins strings.


def _compile(rules) -> list[tuple]:
    items: list[tuple] = []
    for rule in rules:
        if rule.type == "qualified-rule":
            selectors = [_Selector(s) for s in tinycss2.serialize(rule.prelude).split(",")]
            items.append(("rule", selectors, tinycss2.serialize([rule])))
        elif rule.type == "at-rule" and rule.lower_at_keyword in ("media", "supports") and rule.content:
            inner = _compile(tinycss2.parse_blocks_contents(rule.content, skip_whitespace=True))
            items.append(("group", f"@{rule.at_keyword}{tinycss2.serialize(rule.prelude)}", inner))
        elif rule.type == "at-rule":
            items.append(("keep", tinycss2.serialize([rule])))
    return items


def _to_json(items: list[tuple]) -> list:
    data: list = []
    for item in items:
        if item[0] == "rule":
            data.append(["rule", [s.to_json() for s in item[1]], item[2]])
        elif item[0] == "group":
            data.append(["group", item[1], _to_json(item[2])])
        else:
            data.append(list(item))
    return data


def _from_json(data: list) -> list[tuple]:
    items: list[tuple] = []
    for item in data:
        if item[0] == "rule":
            items.append(("rule", [_Selector.from_json(s) for s in item[1]], item[2]))
        elif item[0] == "group":
            items.append(("group", item[1], _from_json(item[2])))
        else:
            items.append(tuple(item))
    return items


def _prune(items: list[tuple], tokens: _Tokens) -> str:
    kept = []
    for item in items:
        if item[0] == "rule":
            if any(s.matches(tokens) for s in item[1]):
                kept.append(item[2])
        elif item[0] == "group":
            inner = _prune(item[2], tokens)
            if inner:
                kept.append(f"{item[1]}{{{inner}}}")
        else:
            kept.append(item[1])
    return "".join(kept)


# Memos. tinycss2 takes about a second to parse JupyterLab's 574 KB stylesheet on this machine, and every
# notebook page (two notebooks, two languages) carries the same one. In a process it is parsed once
# (`mkdocs serve` re-imports the hook files on each rebuild but keeps this helper module); the compiled form
# is also kept in .cache/notebook-css/, keyed by the stylesheet's bytes, tinycss2's version and this file,
# so a warm `mkdocs build` does not parse it at all (about 20 ms to load).
CACHE = Path(__file__).resolve().parent.parent / ".cache" / "notebook-css"
_SHEETS: dict[tuple[str, int], tuple[str, list[tuple]]] = {}  # (path, mtime_ns) -> (text, compiled)
_COMPILED: dict[bytes, list[tuple]] = {}  # digest of any other css given to prune_css -> compiled
_PAGES: dict[tuple[str, bytes], str] = {}  # (function, digest of its input) -> its result
_PAGES_KEPT = 64  # results kept; older ones are dropped first (a long `mkdocs serve` session)


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=20).digest()


def _compiled_on_disk(text: str) -> list[tuple]:
    key = hashlib.blake2b(text.encode("utf-8"), digest_size=16)
    key.update(f"tinycss2 {tinycss2.__version__}".encode())
    key.update(Path(__file__).read_bytes())
    cached = CACHE / f"{key.hexdigest()}.json"
    try:
        return _from_json(json.loads(cached.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        pass
    compiled = _compile(tinycss2.parse_stylesheet(text, skip_whitespace=True, skip_comments=True))
    try:
        CACHE.mkdir(parents=True, exist_ok=True)
        for old in CACHE.glob("*.json"):  # one stylesheet at a time
            old.unlink(missing_ok=True)
        partial = cached.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text(json.dumps(_to_json(compiled), ensure_ascii=False), encoding="utf-8")
        partial.replace(cached)
    except OSError:
        pass  # a read-only checkout still builds, parsing each time
    return compiled


def _sheet() -> tuple[tuple[str, int], str, list[tuple]]:
    """JupyterLab's stylesheet as mkdocs-jupyter ships it: (key, text, compiled), read and parsed once."""
    path = Path(mkdocs_jupyter.__file__).parent / FULL_STYLESHEET
    key = (str(path), path.stat().st_mtime_ns)
    if key not in _SHEETS:
        text = path.read_text(encoding="utf-8")
        _SHEETS.clear()
        _SHEETS[key] = (text, _compiled_on_disk(text))
    return (key, *_SHEETS[key])


def _compiled(css: str) -> list[tuple]:
    _, text, compiled = _sheet()
    if css.strip() == text.strip():  # the page's copy (whitespace around it differs): parsed already
        return compiled
    key = _digest(css)
    if key not in _COMPILED:
        _COMPILED[key] = _compile(tinycss2.parse_stylesheet(css, skip_whitespace=True, skip_comments=True))
    return _COMPILED[key]


def _memo(name: str, text: str, make) -> str:
    key = (name, _digest(text))
    if key not in _PAGES:
        result = make()
        while len(_PAGES) >= _PAGES_KEPT:
            del _PAGES[next(iter(_PAGES))]
        _PAGES[key] = result
    return _PAGES[key]


def prune_css(css: str, page_html: str) -> str:
    tokens = _Tokens()
    tokens.feed(page_html)
    return _prune(_compiled(css), tokens)


def full_stylesheet() -> str:
    return _sheet()[1]


def prune_page(html: str, where: str) -> str:
    """The page with mkdocs-jupyter's copy of JupyterLab's stylesheet pruned, and marked as such.
    Memoised by the page's text (and the stylesheet's path and mtime)."""
    (path, mtime), _, _ = _sheet()  # the result depends on the stylesheet too
    return _memo(f"prune_page {path} {mtime}", html, lambda: _prune_page(html, where))


def _prune_page(html: str, where: str) -> str:
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
BLOCK_START = re.compile(r"(?=<(?:p|li|tr|h[1-6])\b)")
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
    # Each paragraph, list item or row wraps on its own, so each ends in a line of its own; an inline code
    # span's padding takes about one column more.
    for block in BLOCK_START.split(prose):
        words = " ".join(entities.unescape(TAG.sub(" ", block)).split())
        em += LINE_EM * ceil((_columns(words) + block.count("<code")) / PHONE_LINE)
    return ceil(em + BLOCK_EM * len(BLOCK.findall(prose)))


def size_cells(html: str, where: str) -> str:
    """Every notebook cell gets `contain-intrinsic-size: auto <guess>em`; the notebook ends at </article>.
    Memoised by the page's text."""
    return _memo("size_cells", html, lambda: _size_cells(html, where))


def _size_cells(html: str, where: str) -> str:
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
