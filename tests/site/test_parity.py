"""zh and en stay in step: same pages, same section structure, same included files in the same order;
pages hold no inline Python (code enters only through includes of files that run)."""

from __future__ import annotations

import itertools
import re
import tomllib

import pytest

from tests.site.pages import LANGS, ROOT, doc_pages, headings, includes, lines_outside_fences, python_fences

PAGES = doc_pages("zh")


def test_both_languages_have_the_same_pages():
    assert doc_pages("zh") == doc_pages("en"), "a page exists in one language only"
    assert PAGES, "no pages found"


@pytest.mark.parametrize("page", PAGES)
def test_same_sections(page):
    assert headings("zh", page) == headings("en", page), f"{page}: zh and en heading structures differ"


@pytest.mark.parametrize("page", PAGES)
def test_same_includes_in_the_same_order(page):
    assert includes("zh", page) == includes("en", page), f"{page}: zh and en include different code"


@pytest.mark.parametrize("page", PAGES)
def test_en_has_no_python_fence_that_zh_lacks(page):
    """pytest-markdown-docs runs the fences of docs/zh only (pyproject.toml's testpaths): that covers en
    because en's Python fences are zh's, one for one."""
    assert python_fences("en", page) == python_fences("zh", page), f"{page}: zh and en show other Python"


def test_markdown_fences_are_collected_from_zh_and_the_readme_only():
    testpaths = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]
    assert testpaths["ini_options"]["testpaths"] == ["tests", "docs/zh", "README.md"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", PAGES)
def test_python_fences_are_includes_of_existing_files(lang, page):
    for body in python_fences(lang, page):
        lines = body.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith('--8<-- "'), f"{lang}/{page}: inline Python:\n{body}"
    for inc in includes(lang, page):
        path = inc.split(":")[0]
        assert (ROOT / path).is_file(), f"{lang}/{page}: includes missing file {path}"
        # tools/: shell scripts a page shows in a bash fence (the Horovod build recipe), never Python
        assert path.startswith(("snippets/", "examples/", "tools/")), f"{lang}/{page}: includes {path}"


CJK = "[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]"


def wrapped_after(lines: list[str]) -> str | None:
    """The end of the first line that breaks a Chinese paragraph, if any."""
    for before, after in itertools.pairwise(lines):
        starts_block = re.match(r"\s*([-*#|!>]|\d+\.|<!--)", after)
        if re.search(CJK + r"$", before.rstrip()) and after.strip() and not starts_block:
            return before.strip()[-20:]
    return None


@pytest.mark.parametrize("page", PAGES)
def test_chinese_paragraphs_are_not_hard_wrapped(page):
    """A line break inside a Chinese paragraph renders as a stray space between two characters."""
    lines = lines_outside_fences((ROOT / "docs" / "zh" / page).read_text(encoding="utf-8"))
    assert wrapped_after(lines) is None, f"zh/{page}: paragraph wrapped after {wrapped_after(lines)!r}"


def test_readme_chinese_is_not_hard_wrapped():
    """GitHub renders a line break inside a Chinese paragraph of the README as a stray space too."""
    lines = lines_outside_fences((ROOT / "README.md").read_text(encoding="utf-8"))
    assert wrapped_after(lines) is None, f"README.md: paragraph wrapped after {wrapped_after(lines)!r}"
