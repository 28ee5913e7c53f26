"""pytest plugin: pytest-markdown-docs runs the Python fences of README.md and docs/ as a reader sees them.

Pages hold no inline Python; their fences include files (`--8<-- "snippets/…"`). Here each include line is
replaced by the file (or its `:section`), so a fence that shows part of a file is executed as copied code, in
a fresh namespace, under the project's warning policy.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parent.parent
INCLUDE = re.compile(r'^(?P<indent>[ \t]*)--8<-- "(?P<path>[^":]+)(?::(?P<section>[\w-]+))?"[ \t]*$', re.M)
SECTION_MARK = re.compile(r"^\s*# --8<-- \[(?P<kind>start|end):(?P<name>[\w-]+)\]\s*$")


def included_text(path: str, section: str | None) -> str:
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    if section is not None:
        start = next(i for i, line in enumerate(lines) if line.strip() == f"# --8<-- [start:{section}]")
        end = next(i for i, line in enumerate(lines) if line.strip() == f"# --8<-- [end:{section}]")
        lines = lines[start + 1 : end]
    return "\n".join(line for line in lines if not SECTION_MARK.match(line))


# A fence that shows one whole file: the build already ran exactly that text (hooks/execute_snippets.py)
# and tests/site/test_cache.py runs it once more in a fresh interpreter, so pytest-markdown-docs skips it
# (`notest`). Fences that show a :section, and fences written in a page, run here.
WHOLE_FILE_FENCE = re.compile(
    r"^(?P<open>[ \t]*(?P<fence>`{3,}|~{3,})python\b[^\n]*)\n"
    r'(?P<body>[ \t]*--8<-- "[^":]+"[ \t]*\n[ \t]*(?P=fence)[ \t]*)$',
    re.M,
)


def expand_includes(markdown: str) -> str:
    markdown = WHOLE_FILE_FENCE.sub(lambda m: f"{m['open']} notest\n{m['body']}", markdown)

    def replace(m: re.Match) -> str:
        text = included_text(m["path"], m["section"])
        return "\n".join(m["indent"] + line if line else line for line in text.splitlines())

    return INCLUDE.sub(replace, markdown)


class IncludingMarkdownIt(MarkdownIt):
    def parse(self, src, env=None):
        return super().parse(expand_includes(src), env)


@pytest.hookimpl(tryfirst=True)  # before the plugin's own default parser
def pytest_markdown_docs_markdown_it():
    return IncludingMarkdownIt()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """pytest-markdown-docs turns pytest's capture off while a fence runs; keep the log readable by
    capturing inside its runner, and attach what the fence printed to the report (shown on failure)."""
    if type(item).__name__ != "MarkdownInlinePythonItem":
        return (yield)
    printed = io.StringIO()
    run = item.runner.runtest

    def quiet(*args, **kwargs):
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
            return run(*args, **kwargs)

    item.runner.runtest = quiet
    try:
        return (yield)
    finally:
        del item.runner.runtest  # back to the class's method
        item.add_report_section("call", "fence output", printed.getvalue())
