"""The rules every snippet follows (README, "Adding a page"), checked for each file under snippets/."""

from __future__ import annotations

import ast
import re

import pytest
from snippet_runner import ROOT, all_snippets, read_spec

from tests.site.pages import LANGS, doc_pages, includes

MAX_LINES = 60


@pytest.mark.parametrize("path", all_snippets())
def test_snippet_is_short_documented_declared_and_tested(path):
    source = (ROOT / path).read_text(encoding="utf-8")
    assert len(source.splitlines()) <= MAX_LINES, f"{path}: over {MAX_LINES} lines; split the idea"
    assert ast.get_docstring(ast.parse(source)), f"{path}: start with a one-line docstring saying the idea"
    spec = read_spec(path)  # a bad header fails here too, naming the file
    topic, name = path.removeprefix("snippets/").removesuffix(".py").rsplit("/", 1)
    test_file = ROOT / "tests" / "snippets" / topic / f"test_{name}.py"
    assert test_file.is_file(), f"{path}: no test file {test_file.relative_to(ROOT)}"
    # The test must run this very file: in-process for plain files, as launched for the others.
    fixture = "run_snippet" if spec.launcher == "python" else "launch_snippet"
    call = re.compile(rf"""\b{fixture}\(\s*["']{re.escape(f"{topic}/{name}")}["']""")
    assert call.search(test_file.read_text(encoding="utf-8")), (
        f"{test_file.name} never calls {fixture}('{topic}/{name}')"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_every_snippet_is_shown_on_a_page(lang):
    shown = {inc.split(":")[0] for page in doc_pages(lang) for inc in includes(lang, page)}
    assert not set(all_snippets()) - shown, f"{lang}: snippets no page includes"
