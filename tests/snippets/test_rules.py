"""The rules every snippet follows (README, "Adding a page"), checked for each file under snippets/."""

from __future__ import annotations

import ast

import pytest

from docs_runner.paths import ROOT
from docs_runner.spec import all_snippets, read_spec
from tests.site.pages import LANGS, doc_pages, includes

MAX_LINES = 60
# Whole programs the course carries from chapter to chapter (the capstone and its DDP version, shown side by
# side as a diff): splitting them would hide the program a reader copies. Each has its own ceiling.
WHOLE_PROGRAMS = {"snippets/capstone/train.py": 120, "snippets/ddp_script/train_ddp.py": 140}


@pytest.mark.parametrize("path", all_snippets())
def test_snippet_is_short_documented_declared_and_tested(path):
    source = (ROOT / path).read_text(encoding="utf-8")
    limit = WHOLE_PROGRAMS.get(path, MAX_LINES)
    assert len(source.splitlines()) <= limit, f"{path}: over {limit} lines; split the idea"
    assert ast.get_docstring(ast.parse(source)), f"{path}: start with a one-line docstring saying the idea"
    spec = read_spec(path)  # a bad header fails here too, naming the file
    topic, name = path.removeprefix("snippets/").removesuffix(".py").rsplit("/", 1)
    test_file = ROOT / "tests" / "snippets" / topic / f"test_{name}.py"
    assert test_file.is_file(), f"{path}: no test file {test_file.relative_to(ROOT)}"
    # A test must run this very file (in-process for plain files, as launched for the others) and assert.
    fixture = "run_snippet" if spec.launcher == "python" else "build_record"
    assert asserting_tests(test_file.read_text(encoding="utf-8"), fixture, f"{topic}/{name}"), (
        f"{test_file.name}: no test function calls {fixture}('{topic}/{name}') and asserts on it"
    )


def _call_of(node: ast.AST, func: str, first_arg: str | None = None) -> bool:
    """node is a call of `func` (a name or an attribute: pytest.raises), with `first_arg` as its first."""
    if not isinstance(node, ast.Call):
        return False
    called = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
    first = node.args[0].value if node.args and isinstance(node.args[0], ast.Constant) else None
    return called == func and first_arg in (None, first)


def asserting_tests(source: str, fixture: str, name: str) -> list[str]:
    """The test functions of `source` that call fixture("name") and hold an assert or a pytest.raises."""
    found = []
    for f in ast.walk(ast.parse(source)):
        if not isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef) or not f.name.startswith("test"):
            continue
        inside = list(ast.walk(f))
        runs = any(_call_of(n, fixture, name) for n in inside)
        checks = any(isinstance(n, ast.Assert) or _call_of(n, "raises") for n in inside)
        if runs and checks:
            found.append(f.name)
    return found


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ('def test_a(run_snippet):\n    s = run_snippet("t/n")\n    assert s.x == 1\n', ["test_a"]),
        ('def test_a(run_snippet):\n    with pytest.raises(E):\n        run_snippet("t/n")\n', ["test_a"]),
        ('def test_a(run_snippet):\n    run_snippet("t/n")\n', []),  # runs it, checks nothing
        ('def test_a(run_snippet):\n    s = run_snippet("t/other")\n    assert s\n', []),  # another file
        ('def helper(run_snippet):\n    assert run_snippet("t/n")\n', []),  # not a test
        ('def test_a(s):\n    assert s\ndef test_b(run_snippet):\n    run_snippet("t/n")\n', []),
    ],
)
def test_the_rule_wants_a_test_that_runs_the_file_and_asserts(source, found):
    assert asserting_tests(source, "run_snippet", "t/n") == found


@pytest.mark.parametrize("lang", LANGS)
def test_every_snippet_is_shown_on_a_page(lang):
    shown = {inc.split(":")[0] for page in doc_pages(lang) for inc in includes(lang, page)}
    assert not set(all_snippets()) - shown, f"{lang}: snippets no page includes"
