"""The chapter template (DESIGN.md, "A chapter"), checked on every chapter page in both languages:
prerequisites before the first section, 小结 / Summary then 练习 / Exercises as the last two sections, at
least two exercises each with a folded, included solution snippet, and a page short enough for one sitting.

"One sitting" counts what a reader sees unfolded: prose outside code fences and outside folded boxes
(`??? warning` old-notes boxes, `??? tip` solutions), and the includes of the running text. The limits are
3,500 Chinese characters and 8 includes (README, Decisions)."""

from __future__ import annotations

import re

import pytest
from _includes import INCLUDE_LINE

from tests.site.pages import DOCS, LANGS, doc_pages

NOT_CHAPTERS = {
    "index.md",
    "running.md",
    "legacy-launchers.md",
    "errata.md",
    "report.md",
    "glossary.md",
    "contributing.md",
}
CHAPTERS = [page for page in doc_pages("zh") if page not in NOT_CHAPTERS]
MAX_CJK = 3500
MAX_INCLUDES = 8
HEADINGS = {
    "zh": {
        "prereq": "前置知识：",
        "summary": "## 小结",
        "exercises": "## 练习",
        "solution": '??? tip "参考答案"',
    },
    "en": {
        "prereq": "Prerequisites:",
        "summary": "## Summary",
        "exercises": "## Exercises",
        "solution": '??? tip "Solution"',
    },
}
FENCE_BLOCK = re.compile(r"^([ \t]*)(`{3,}).*?^\1\2[ \t]*$", re.M | re.S)
CJK_CHAR = re.compile(r"[\u4e00-\u9fff]")
FOLD = re.compile(r"^([ \t]*)\?\?\?\+? ")


def unfolded(text: str) -> str:
    """The page without front matter and without the bodies of folded (`???`) blocks."""
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S)
    out, fold = [], None
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip())
        if fold is not None:
            if not line.strip() or indent > fold:
                continue
            fold = None
        if m := FOLD.match(line):
            fold = len(m[1])
            continue
        out.append(line)
    return "\n".join(out)


def sitting(text: str) -> tuple[int, int]:
    """(Chinese characters of prose, includes) a reader meets with every fold closed."""
    shown = unfolded(text)
    prose = FENCE_BLOCK.sub("", shown)
    return len(CJK_CHAR.findall(prose)), len(INCLUDE_LINE.findall(shown))


def read(lang: str, page: str) -> str:
    return (DOCS / lang / page).read_text(encoding="utf-8")


def h2_sections(text: str) -> list[tuple[str, str]]:
    """(heading line, body) of each `## ` section, fences left whole."""
    parts = re.split(
        r"^(## .*)$", FENCE_BLOCK.sub(lambda m: m[0].replace("## ", "#\u200b# "), text), flags=re.M
    )
    return [(parts[i].strip(), parts[i + 1]) for i in range(1, len(parts), 2)]


@pytest.mark.parametrize("page", CHAPTERS)
def test_chapter_fits_one_sitting(page):
    cjk, includes = sitting(read("zh", page))
    assert cjk <= MAX_CJK, f"docs/zh/{page}: {cjk} Chinese characters of prose (limit {MAX_CJK}); split it"
    assert includes <= MAX_INCLUDES, (
        f"docs/zh/{page}: {includes} includes in the running text (limit {MAX_INCLUDES})"
    )
    _, en_includes = sitting(read("en", page))
    assert en_includes == includes


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", CHAPTERS)
def test_chapter_has_the_template_parts(lang, page):
    words = HEADINGS[lang]
    text = read(lang, page)
    sections = h2_sections(text)
    before_first = text.split("\n## ", 1)[0]
    assert words["prereq"] in before_first, (
        f"docs/{lang}/{page}: no '{words['prereq']}' before the first section"
    )
    assert [h for h, _ in sections[-2:]] == [words["summary"], words["exercises"]], (
        f"docs/{lang}/{page}: must end with '{words['summary']}' then '{words['exercises']}'"
    )
    exercises = sections[-1][1]
    items = re.findall(r"^\d+\. ", exercises, re.M)
    assert len(items) >= 2, f"docs/{lang}/{page}: {len(items)} exercises (at least 2)"
    fold = re.escape(words["solution"])
    solutions = re.findall(
        rf"^    {fold}\n(?:        .*\n|\n)*?        --8<-- \"(snippets/[^\"]+\.py)\"", exercises, re.M
    )
    assert len(solutions) == len(items), (
        f"docs/{lang}/{page}: each exercise needs a folded '{words['solution']}' that includes its snippet"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("前置知识：无。\n\n## 一\n\n中文字\n", (9, 0)),  # 前置知识无 + 一 + 中文字: headings are prose too
        ('??? warning "旧笔记"\n    折叠的字不算\n\n正文\n', (2, 0)),
        ('```python\n# 代码里的字不算\n--8<-- "snippets/a/b.py"\n```\n', (0, 1)),
        (
            '1. 题\n\n    ??? tip "参考答案"\n        ```python\n'
            '        --8<-- "snippets/b.py"\n        ```\n',
            (1, 0),
        ),
    ],
)
def test_sitting_counts_what_is_shown_unfolded(text, expected):
    assert sitting(text) == expected
