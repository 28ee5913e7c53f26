"""pytest plugin: pytest-markdown-docs runs the Python fences of README.md and docs/zh/ as a reader sees them
(docs/en/ includes the very same files: tests/site/test_parity.py).

Pages hold no inline Python; their fences include files (`--8<-- "snippets/…"`). Here each include line is
replaced by the file (or its `:section`), so a fence that shows part of a file is executed as copied code, in
a fresh namespace, under the project's warning policy. A Chinese page's fences get the file with Chinese
comments and docstrings, as the page shows it (hooks/_comments.py; the plugin tells the parser no file name,
so a text with Chinese in it counts as a Chinese page: README.md's one include is inside a Markdown example).
"""

from __future__ import annotations

import contextlib
import io
import re

import pytest
from _comments import CJK, translated_file
from _includes import INCLUDE_FENCE, INCLUDE_LINE, section_of
from markdown_it import MarkdownIt


def notest_whole_file(m: re.Match) -> str:
    """A fence that shows one whole file: the build already ran exactly that text and the page shows its
    output (hooks/execute_snippets.py), so pytest-markdown-docs skips it (`notest`). Fences that show a
    :section, and fences written in a page, run here."""
    if m["section"]:
        return m[0]
    # Its include is not read (nor translated); an empty line keeps the page's line numbers.
    return f"{m['open']} notest\n\n{m['indent']}{m['fence']}"


def expand_includes(markdown: str) -> tuple[str, list[int]]:
    """The page with each include line replaced by what it includes, and for each line of that text the
    line of the page it comes from (0-based), so that a fence's test is named by its line on the page."""
    markdown = INCLUDE_FENCE.sub(notest_whole_file, markdown)
    lang = "zh" if CJK.search(markdown) else "en"
    lines, origin = [], []
    for number, line in enumerate(markdown.splitlines()):
        m = INCLUDE_LINE.fullmatch(line)
        if m:
            text = section_of(translated_file(m["path"], lang), m["path"], m["section"])
            shown = [m["indent"] + part if part else part for part in text.splitlines()]
        else:
            shown = [line]
        lines.extend(shown)
        origin.extend([number] * len(shown))
    return "\n".join(lines) + "\n", origin


class IncludingMarkdownIt(MarkdownIt):
    def parse(self, src, env=None):
        text, origin = expand_includes(src)
        tokens = super().parse(text, env)
        for token in tokens:
            if token.map:  # [first line, line after the last] of the expanded text -> of the page
                token.map = [origin[token.map[0]], origin[token.map[1] - 1] + 1]
        return tokens


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path, parent):
    """Fences in Markdown files only. With --markdown-docs the plugin also imports every Python file under
    tests/ and parses each of its docstrings as Markdown, looking for fences: over 300 files and 2,000
    docstrings, none of which holds one (lessons live in snippets/, which pytest does not collect), for
    about 5 s of each worker's collection."""
    found = yield
    return [node for node in found if type(node).__name__ != "MarkdownDocstringCodeModule"]


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
