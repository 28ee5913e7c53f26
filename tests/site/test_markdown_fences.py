"""tests/markdown_includes.py, the plugin through which pytest-markdown-docs runs the pages' Python fences:
a fence showing a :section runs the section as the page shows it, a fence showing a whole file is skipped
without reading the file (the build ran that file), each test is named by its fence's line on the page, and
Python files are not searched for fences in their docstrings."""

import re
from pathlib import Path

from pytest_markdown_docs.plugin import FenceSyntax, extract_fence_tests

from tests.markdown_includes import IncludingMarkdownIt, expand_includes

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs/zh/training-script.md"


def test_a_whole_file_fence_is_skipped_unread_and_the_lines_keep_their_page_numbers():
    page = "\n".join(
        [
            "# t",  # 0
            "```python",  # 1
            '--8<-- "snippets/no/such_file.py"',  # 2: never read
            "```",  # 3
            "text",  # 4
        ]
    )
    text, origin = expand_includes(page)
    assert text.splitlines() == ["# t", "```python notest", "", "```", "text"]
    assert origin == [0, 1, 2, 3, 4]


def test_a_section_fence_shows_the_section_and_its_lines_map_to_the_include_line():
    page = PAGE.read_text(encoding="utf-8")
    includes = [n for n, line in enumerate(page.splitlines()) if re.search(r'--8<-- "[^"]+:[\w-]+"', line)]
    assert includes, f"{PAGE.name} has no :section include any more: pick another page"
    text, origin = expand_includes(page)
    assert len(text.splitlines()) == len(origin) > len(page.splitlines())
    first = includes[0]
    expanded = [n for n, o in enumerate(origin) if o == first]
    assert len(expanded) > 1, "the section was not expanded"
    assert "--8<--" not in "\n".join(text.splitlines()[n] for n in expanded)


def test_each_fence_test_is_named_by_its_line_on_the_page():
    page = PAGE.read_text(encoding="utf-8")
    runnable = [
        n + 1 for n, line in enumerate(page.splitlines()) if re.match(r"```\{\.python\b", line)
    ]  # the page's `{.python ...}` fences: code written out from a section, as the tests run it
    fences = extract_fence_tests(
        IncludingMarkdownIt(), page, 0, source_path=PAGE, fence_syntax=FenceSyntax("superfences")
    )
    assert [fence.start_line for fence in fences] == runnable and len(runnable) >= 5


def test_python_files_are_not_searched_for_fences(request):
    found = request.config.hook.pytest_collect_file(file_path=Path(__file__), parent=request.session)
    kinds = {type(node).__name__ for node in found}
    assert "Module" in kinds and "MarkdownDocstringCodeModule" not in kinds, kinds
