"""Shown code in the page's language: the comments and docstrings of a file, translated; the code untouched.

A file that a page shows (snippets/…, examples/…, tools/…) is written with English comments and docstrings,
and that file is what runs. A Chinese page shows the same file with its comments and docstrings in Chinese,
taken from data beside it: `comments.zh.toml` in the file's folder, one array of tables per file,

    [["argmax.py"]]
    en = "Along dim 0: for each column, the row where it is largest."
    zh = "沿 dim 0：对每一列，给出它最大值所在的行。"

keyed by the English text (whitespace runs count as one space, so rewrapping a comment keeps its
translation). Units of translation: a block of full-line comments (consecutive lines at one column), a
comment after code on its line, a docstring (of the module, a class or a function). A translation may span
several lines (a block or a docstring; `zh` keeps its own line breaks) and must contain Chinese.

Only comments and docstrings change: every other token of the file, and its order, stay as they are
(tests/site/test_comments.py compares the token streams). Never translated: the header lines that tell the
engine how to run a file (`# run:` …, docs_runner/spec.py), section marks (`# --8<-- [start:x]`), jupytext
cell marks and the Markdown cells of an example (they already come in both languages), pragmas (`# noqa`,
`# type:`), `#!` and `#SBATCH` lines.

A comment with no translation, or a translation whose English is no longer in the file (the comment was
edited), is an error naming the file and line, or the data file and entry: the build fails instead of
showing English, or a stale translation, on a Chinese page. MkDocs-free; used by the hooks, the tests and
tools/comments.py.
"""

from __future__ import annotations

import ast
import functools
import io
import re
import tokenize
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_LANG = "en"  # the language the files are written in
DATA_NAME = "comments.{lang}.toml"
CJK = re.compile(r"[\u3400-\u9fff]")
# Comment lines that are instructions to a program, not prose for the reader.
HEADER = re.compile(r"^#\s*(run|needs|record|server|measured|timeout|figure|beside):")  # docs_runner/spec.py
KEPT = re.compile(r"^#(!|SBATCH|\s*--8<--|\s*%%|\s*(noqa|type:|pragma|fmt:|-\*-))")
CELL = re.compile(r"^# %%")
MARKDOWN_CELL = re.compile(r"^# %% \[markdown\]")
SHELL_SUFFIXES = (".sh", ".sbatch")


class CommentError(ValueError):
    """An untranslated or stale comment, or bad data; the message names the file and line."""


@dataclass(frozen=True)
class Unit:
    """One translatable piece of a file: lines first..last (1-based), from column `col` on the first line."""

    kind: str  # "block" | "trailing" | "docstring"
    first: int
    last: int
    col: int
    text: str  # the English, whitespace runs as one space (the key of its translation)
    closing: str = ""  # a docstring's quotes, with its prefix on the opening side
    prefix: str = ""
    own_line_close: bool = False  # a docstring whose closing quotes stand on a line of their own


def key(text: str) -> str:
    return " ".join(text.split())


def _comment_text(line: str) -> str:
    return line.strip()[1:].removeprefix(" ")


def _kept(stripped: str) -> bool:
    return bool(KEPT.match(stripped) or HEADER.match(stripped))


def _markdown_cell_lines(lines: list[str]) -> set[int]:
    """Line numbers inside an example's Markdown cells (jupytext percent format): prose, in both languages."""
    inside, found = False, set()
    for number, line in enumerate(lines, start=1):
        if CELL.match(line):
            inside = bool(MARKDOWN_CELL.match(line))
        elif inside:
            found.add(number)
    return found


def _blocks(lines: list[str], full_line: set[int], skip: set[int]) -> list[Unit]:
    """Runs of full-line comments at one column, kept lines and skipped lines cutting them."""
    units, run = [], []

    def close():
        if run:
            text = key(" ".join(_comment_text(lines[n - 1]) for n in run))
            col = len(lines[run[0] - 1]) - len(lines[run[0] - 1].lstrip())
            units.append(Unit("block", run[0], run[-1], col, text))
            run.clear()

    for number in range(1, len(lines) + 1):
        line = lines[number - 1]
        stripped = line.strip()
        usable = number in full_line and number not in skip and not _kept(stripped)
        if usable and run:
            same_col = len(line) - len(line.lstrip()) == len(lines[run[0] - 1]) - len(
                lines[run[0] - 1].lstrip()
            )
            if number != run[-1] + 1 or not same_col:
                close()
        elif not usable:
            close()
        if usable:
            run.append(number)
    close()
    return units


def _python_units(path: str, source: str) -> list[Unit]:
    lines = source.splitlines()
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
        tree = ast.parse(source)
    except (SyntaxError, tokenize.TokenError) as exc:
        raise CommentError(f"{path}: cannot read its comments: {exc}") from None
    full_line, units = set(), []
    for tok in tokens:
        if tok.type != tokenize.COMMENT:
            continue
        row, col = tok.start
        if lines[row - 1][:col].strip():
            if not _kept(tok.string):
                units.append(Unit("trailing", row, row, col, key(tok.string[1:])))
        else:
            full_line.add(row)
    units += _blocks(lines, full_line, _markdown_cell_lines(lines))
    strings = {tok.start[0]: tok for tok in tokens if tok.type == tokenize.STRING}
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        doc = ast.get_docstring(node, clean=True)
        if doc is None:
            continue
        tok = strings[node.body[0].lineno]
        body = tok.string
        prefix = re.match(r"[rRuU]?(\"\"\"|'''|\"|')", body)[0]
        quotes = prefix.lstrip("rRuU")
        last_line = body.splitlines()[-1] if "\n" in body else ""
        units.append(
            Unit(
                "docstring",
                tok.start[0],
                tok.end[0],
                tok.start[1],
                key(doc),
                closing=quotes,
                prefix=prefix,
                own_line_close=last_line.strip() == quotes,
            )
        )
    return sorted(units, key=lambda u: (u.first, u.col))


def _shell_units(source: str) -> list[Unit]:
    lines = source.splitlines()
    full_line, units = set(), []
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if stripped.startswith("#"):
            full_line.add(number)
            continue
        m = re.match(r"^(?P<code>.*?\S)\s+#\s(?P<text>.*)$", line)
        if m and m["code"].count('"') % 2 == 0 and m["code"].count("'") % 2 == 0 and "$#" not in m["code"]:
            units.append(
                Unit("trailing", number, number, len(line) - len(line[m.start("text") - 2 :]), key(m["text"]))
            )
    units += _blocks(lines, full_line, set())
    return sorted(units, key=lambda u: (u.first, u.col))


def units(path: str, source: str) -> list[Unit]:
    """The translatable pieces of a file's text, in order."""
    if path.endswith(SHELL_SUFFIXES):
        return _shell_units(source)
    return _python_units(path, source)


def data_path(path: str, lang: str) -> Path:
    return (ROOT / path).parent / DATA_NAME.format(lang=lang)


def _shown(file: Path) -> str:
    return file.relative_to(ROOT).as_posix() if file.is_relative_to(ROOT) else str(file)


@functools.lru_cache(maxsize=64)
def _read_data(file: Path, changed: int) -> dict[str, dict[str, str]]:
    """comments.<lang>.toml: file name -> {English key: translation}; bad entries raise CommentError."""
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise CommentError(f"{_shown(file)}: not valid TOML: {exc}") from None
    out: dict[str, dict[str, str]] = {}
    for name, entries in data.items():
        if not isinstance(entries, list):
            raise CommentError(
                f'{_shown(file)}: "{name}" must be an array of tables: [["{name}"]] en = … zh = …'
            )
        table: dict[str, str] = {}
        for number, entry in enumerate(entries, start=1):
            where = f'{_shown(file)}: [["{name}"]] entry {number}'
            if not isinstance(entry, dict) or set(entry) != {"en", "zh"}:
                raise CommentError(f"{where}: give exactly `en` and `zh`")
            if not all(isinstance(v, str) and v.strip() for v in entry.values()):
                raise CommentError(f"{where}: `en` and `zh` must be non-empty strings")
            english = key(entry["en"])
            if english in table:
                raise CommentError(f"{where}: the same English as an earlier entry: {english[:60]!r}")
            if not CJK.search(entry["zh"]):
                raise CommentError(f"{where}: the translation has no Chinese: {entry['zh'][:60]!r}")
            table[english] = entry["zh"].strip("\n")
        out[name] = table
    return out


def table(path: str, lang: str) -> dict[str, str]:
    """The translations of one file's comments into `lang` (raises CommentError where there are none)."""
    file = data_path(path, lang)
    if not file.exists():
        raise CommentError(f"{path}: no translations of its comments ({_shown(file)} does not exist)")
    name = Path(path).name
    found = _read_data(file, file.stat().st_mtime_ns).get(name)
    if found is None:
        raise CommentError(f'{path}: {_shown(file)} has no [["{name}"]] entries for its comments')
    return found


def _render(unit: Unit, line: str, zh: str) -> list[str]:
    """The replacement lines for `unit`, whose first line is `line`."""
    indent = " " * unit.col
    parts = zh.split("\n")
    if unit.kind == "block":
        return [indent + ("# " + part if part.strip() else "#").rstrip() for part in parts]
    if unit.kind == "trailing":
        if len(parts) > 1:
            raise ValueError("a comment after code takes a one-line translation")
        return [line[: unit.col] + "# " + zh]
    head = line[: unit.col] + unit.prefix
    if len(parts) == 1 and not unit.own_line_close:
        return [head + parts[0] + unit.closing]
    out = [head + parts[0]] + [(indent + part) if part.strip() else "" for part in parts[1:]]
    if unit.own_line_close:
        out.append(indent + unit.closing)
    else:
        out[-1] += unit.closing
    return out


def translate(path: str, source: str, lang: str) -> str:
    """`source` (the text of `path`) with its comments and docstrings in `lang`; the source language as is."""
    if lang == SOURCE_LANG:
        return source
    found = table(path, lang)
    lines = source.splitlines()
    missing = []
    pieces = units(path, source)
    for unit in pieces:
        if unit.text not in found:
            missing.append(
                f"{path}:{unit.first}: no {lang} translation of this {unit.kind}: {unit.text[:80]!r}"
            )
    if missing:
        raise CommentError(
            f"{len(missing)} untranslated comment(s); add them to {_shown(data_path(path, lang))}"
            " (tools/comments.py skeleton prints the entries):\n" + "\n".join(missing)
        )
    stale = sorted(set(found) - {unit.text for unit in pieces})
    if stale:
        raise CommentError(
            f"{_shown(data_path(path, lang))}: {len(stale)} translation(s) of {path} whose English is no"
            " longer in the file (edited or removed; update or delete them):\n"
            + "\n".join(f"  {text[:100]!r}" for text in stale)
        )
    for unit in reversed(pieces):  # from the end, so earlier line numbers stay valid
        try:
            new = _render(unit, lines[unit.first - 1], found[unit.text])
        except ValueError as exc:
            raise CommentError(f"{path}:{unit.first}: {exc}: {unit.text[:60]!r}") from None
        if unit.kind == "docstring":
            tail = lines[unit.last - 1]
            end = tail.rindex(unit.closing) + len(unit.closing)
            new[-1] += tail[end:]
        lines[unit.first - 1 : unit.last] = new
    return "\n".join(lines) + ("\n" if source.endswith("\n") else "")


def translated_file(path: str, lang: str) -> str:
    """The text of the repository file `path` as a page in `lang` shows it."""
    return translate(path, (ROOT / path).read_text(encoding="utf-8"), lang)


def source_tokens(path: str, text: str) -> list[tuple[int, str]]:
    """The tokens that run: no comments, no docstrings, no layout-only newlines (a test compares these)."""
    docstrings = {(u.first, u.col) for u in units(path, text) if u.kind == "docstring"}
    skip = (tokenize.COMMENT, tokenize.NL)
    return [
        (tok.type, tok.string)
        for tok in tokenize.generate_tokens(io.StringIO(text).readline)
        if tok.type not in skip and not (tok.type == tokenize.STRING and tok.start in docstrings)
    ]
