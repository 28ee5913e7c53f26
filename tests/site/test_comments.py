"""Shown code in the page's language (hooks/_comments.py, hooks/code_comments.py): a Chinese page shows each
file with Chinese comments and docstrings, and nothing else of the file changes.

- Every file a Chinese page shows (and every example notebook) has a translation of each comment and
  docstring, none stale; the translated text compiles and has the same code tokens as the file that runs.
- The built site: every Python block of a Chinese page has only Chinese comments and docstrings (apart from
  the lines that instruct a program: headers, pragmas), and the same code tokens as the English page's block
  in the same place; the example notebooks' code cells too.
- The data: every table of a comments.zh.toml names a shown file of its folder.
- The mechanism on made-up files: what is a unit, how a translation is laid out, and the errors (an
  untranslated comment names file and line; a stale translation names the data file; no Chinese, no entry).
"""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

import pytest

from docs_runner.notebooks import notebook_examples
from tests.conftest import ROOT
from tests.site.pages import doc_pages
from tests.site.test_build import TITLED_BLOCK, built_page

sys.path.insert(0, str(ROOT / "tools"))
import _comments
from _comments import CJK, CommentError, source_tokens, translate, translated_file, units
from comments import shown_files

LANG = "zh"
SHOWN = shown_files(LANG)


@pytest.mark.parametrize("path", SHOWN)
def test_every_shown_file_is_translated_and_runs_the_same_code(path):
    text = translated_file(path, LANG)  # raises on an untranslated comment or a stale translation
    original = (ROOT / path).read_text(encoding="utf-8")
    assert len(units(path, original)) == len(units(path, text)), f"{path}: units appeared or vanished"
    if path.endswith(".py"):
        compile(text, path, "exec")
        assert source_tokens(path, text) == source_tokens(path, original), f"{path}: code tokens differ"


def test_every_table_names_a_shown_file_of_its_folder():
    shown = set(SHOWN)
    wrong = []
    name = _comments.DATA_NAME.format(lang=LANG)
    data = sorted(file for top in ("snippets", "examples", "tools") for file in (ROOT / top).rglob(name))
    assert data, "no comments.zh.toml anywhere"
    for file in data:
        folder = file.parent.relative_to(ROOT).as_posix()
        for name in _comments._read_data(file, file.stat().st_mtime_ns):
            if f"{folder}/{name}" not in shown:
                wrong.append(f"{file.relative_to(ROOT)}: [[{name!r}]] is no file that a page shows")
    assert not wrong, "\n".join(wrong)


# -- the built site ----------------------------------------------------------------------------------------

PRE = re.compile(r"<pre[^>]*>(.*?)</pre>", re.S)


def block_code(block_html: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", PRE.search(block_html)[1]))


def python_blocks(site: Path, lang: str, page: str) -> list[tuple[str, str]]:
    """(title, code) of each titled Python file block of a built page, in page order."""
    found = []
    for m in TITLED_BLOCK.finditer(built_page(site, lang, page)):
        title = m["title"]
        if re.match(r"(snippets|examples)/\S+\.py", title):
            found.append((title, block_code(m[0])))
    return found


def prose_of(code: str, title: str) -> list[str]:
    """The comments and docstrings a reader sees in a block, one text per block of comment lines (a quoted
    English error message may fill a line of a Chinese comment), apart from the lines that instruct a program
    (headers, pragmas, section and cell marks: hooks/_comments.py)."""
    return [unit.text for unit in units(title, code)]


def test_every_comment_and_docstring_on_a_chinese_page_is_chinese(built_site):
    english, blocks = [], 0
    for page in doc_pages(LANG):
        for title, code in python_blocks(built_site, LANG, page):
            blocks += 1
            english += [
                f"{page} {title}: {text[:70]!r}" for text in prose_of(code, title) if not CJK.search(text)
            ]
    assert blocks > 150
    assert not english, f"{len(english)} comments or docstrings in English on Chinese pages:\n" + "\n".join(
        english
    )


def test_a_chinese_page_shows_the_same_code_as_its_english_twin(built_site):
    checked = 0
    for page in doc_pages(LANG):
        zh, en = python_blocks(built_site, "zh", page), python_blocks(built_site, "en", page)
        assert [t.split("（")[0] for t, _ in zh] == [t.split(" (")[0] for t, _ in en], page
        for (title, zh_code), (_, en_code) in zip(zh, en, strict=True):
            assert source_tokens(title, zh_code) == source_tokens(title, en_code), f"{page}: {title}"
            checked += 1
    assert checked > 150


def test_the_example_notebooks_have_chinese_comments(built_site):
    """The example notebooks (<lang>/notebooks/) and the chapters' (<lang>/, hooks/chapter_notebooks.py; their
    `%%writefile` line and their `!command` and `%run` cells are instructions to Jupyter, not Python)."""
    folder = ROOT / ".cache" / "notebooks" / LANG
    notebooks = sorted(folder.rglob("*.ipynb"))
    assert len(sorted((folder / "notebooks").glob("*.ipynb"))) == len(notebook_examples())
    assert len(notebooks) > len(notebook_examples()) + 30
    english = []
    for file in notebooks:
        for cell in json.loads(file.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                code = "".join(cell["source"])
                if code.startswith(("!", "%run ")):
                    continue
                if code.startswith("%%writefile "):
                    code = code.partition("\n")[2]
                english += [
                    f"{file.name}: {t[:70]!r}" for t in prose_of(code, file.name) if not CJK.search(t)
                ]
    assert not english, "\n".join(english)


# -- the mechanism, on made-up files -----------------------------------------------------------------------

MADE_UP = '''# run: python x.py
"""Shows one thing.

In two paragraphs."""

import torch

# A block of two
# lines.
x = torch.ones(2)  # after code


def f():
    """One line."""
    return x  # noqa: F821
'''

TRANSLATIONS = {
    "Shows one thing. In two paragraphs.": "演示一件事。\n\n分两段。",
    "A block of two lines.": "两行的\n注释块。",
    "after code": "行尾注释",
    "One line.": "一行。",
}


@pytest.fixture
def made_up(monkeypatch):
    table = dict(TRANSLATIONS)
    monkeypatch.setattr(_comments, "table", lambda path, lang: table)
    return table


def test_units_are_blocks_trailing_comments_and_docstrings_and_not_instructions():
    found = [(u.kind, u.first, u.text) for u in units("x.py", MADE_UP)]
    assert found == [
        ("docstring", 2, "Shows one thing. In two paragraphs."),
        ("block", 8, "A block of two lines."),
        ("trailing", 10, "after code"),
        ("docstring", 14, "One line."),
    ]


def test_a_translation_keeps_the_code_and_lays_out_each_unit(made_up):
    assert (
        translate("x.py", MADE_UP, LANG)
        == '''# run: python x.py
"""演示一件事。

分两段。"""

import torch

# 两行的
# 注释块。
x = torch.ones(2)  # 行尾注释


def f():
    """一行。"""
    return x  # noqa: F821
'''
    )
    assert translate("x.py", MADE_UP, "en") == MADE_UP


def test_an_untranslated_comment_names_the_file_and_line(made_up):
    del made_up["after code"]
    with pytest.raises(CommentError, match=r"x\.py:10: no zh translation of this trailing: 'after code'"):
        translate("x.py", MADE_UP, LANG)


def test_a_stale_translation_names_the_data_file(made_up):
    made_up["A comment that was edited since."] = "已改动的注释。"
    with pytest.raises(CommentError, match=r"comments\.zh\.toml: 1 translation\(s\) of x\.py whose English"):
        translate("x.py", MADE_UP, LANG)


def test_a_comment_after_code_takes_one_line(made_up):
    made_up["after code"] = "行尾\n两行"
    with pytest.raises(CommentError, match=r"x\.py:10: a comment after code takes a one-line translation"):
        translate("x.py", MADE_UP, LANG)


def test_the_data_file_is_checked(tmp_path):
    bad = tmp_path / "comments.zh.toml"
    bad.write_text('[["x.py"]]\nen = "A comment."\nzh = "A comment."\n', encoding="utf-8")
    with pytest.raises(CommentError, match=r"entry 1: the translation has no Chinese"):
        _comments._read_data(bad, 1)
    bad.write_text(
        '[["x.py"]]\nen = "A  comment."\nzh = "注释。"\n[["x.py"]]\nen = "A comment."\nzh = "注释"\n'
    )
    with pytest.raises(CommentError, match=r"entry 2: the same English as an earlier entry"):
        _comments._read_data(bad, 2)
    bad.write_text('[["x.py"]]\nen = "A comment."\n', encoding="utf-8")
    with pytest.raises(CommentError, match=r"entry 1: give exactly `en` and `zh`"):
        _comments._read_data(bad, 3)


def test_a_file_without_data_is_an_error(tmp_path, monkeypatch):
    monkeypatch.setattr(_comments, "ROOT", tmp_path)
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "a.py").write_text("# A comment.\nx = 1\n")
    with pytest.raises(
        CommentError, match=r"t/a\.py: no translations of its comments \(t/comments\.zh\.toml"
    ):
        translated_file("t/a.py", LANG)
