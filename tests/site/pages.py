"""Reading docs/<lang>/ pages the way the parity and build tests need them."""

from __future__ import annotations

import re

from _includes import INCLUDE_LINE

from tests.conftest import ROOT

DOCS = ROOT / "docs"
LANGS = ("zh", "en")
FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
PYTHON_FENCE = re.compile(r"^[ \t]*(`{3,})(?:python|\{\.python)[^\n]*\n(.*?)^[ \t]*\1[ \t]*$", re.M | re.S)


def doc_pages(lang: str) -> list[str]:
    """Markdown pages of one language, relative to docs/<lang>/."""
    return sorted(p.relative_to(DOCS / lang).as_posix() for p in (DOCS / lang).rglob("*.md"))


def lines_outside_fences(text: str) -> list[str]:
    out, fence = [], None
    for line in text.splitlines():
        m = FENCE.match(line)
        if m and fence is None:
            fence = m.group(1)
        elif m and line.strip().startswith(fence) and line.strip() == line.strip()[0] * len(line.strip()):
            fence = None
        elif fence is None:
            out.append(line)
    return out


def headings(lang: str, page: str) -> list[int]:
    """Heading levels in order, e.g. [1, 2, 2, 3]."""
    text = (DOCS / lang / page).read_text(encoding="utf-8")
    return [len(m.group(1)) for line in lines_outside_fences(text) if (m := re.match(r"^(#{1,6}) ", line))]


def includes(lang: str, page: str) -> list[str]:
    """Included files (with :section), in order of appearance."""
    text = (DOCS / lang / page).read_text(encoding="utf-8")
    return [m["target"] for m in INCLUDE_LINE.finditer(text)]


def python_fences(lang: str, page: str) -> list[str]:
    """Bodies of the Python fences of a page (```python … and the attribute form ```{.python …})."""
    text = (DOCS / lang / page).read_text(encoding="utf-8")
    return [m.group(2) for m in PYTHON_FENCE.finditer(text)]
