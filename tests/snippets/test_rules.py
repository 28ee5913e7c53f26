"""The rules every snippet follows (README, "Adding a page"), checked for each file under snippets/."""

from __future__ import annotations

import ast

import pytest
from snippet_runner import ROOT, all_snippets

from tests.site.pages import LANGS, doc_pages, includes

MAX_LINES = 60


@pytest.mark.parametrize("path", all_snippets())
def test_snippet_is_short_documented_and_tested(path):
    source = (ROOT / path).read_text(encoding="utf-8")
    assert len(source.splitlines()) <= MAX_LINES, f"{path}: over {MAX_LINES} lines; split the idea"
    assert ast.get_docstring(ast.parse(source)), f"{path}: start with a one-line docstring saying the idea"
    topic, name = path.removeprefix("snippets/").removesuffix(".py").rsplit("/", 1)
    assert (ROOT / "tests" / "snippets" / topic / f"test_{name}.py").is_file(), f"{path}: no test file"


@pytest.mark.parametrize("lang", LANGS)
def test_every_snippet_is_shown_on_a_page(lang):
    shown = {inc.split(":")[0] for page in doc_pages(lang) for inc in includes(lang, page)}
    assert not set(all_snippets()) - shown, f"{lang}: snippets no page includes"
