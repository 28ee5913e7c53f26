"""MkDocs hook: each examples/*.py in jupytext percent cells becomes an executed notebook, per language.

Markdown cells carry `lang="zh"` or `lang="en"`; code cells are shared. For every site language this hook
keeps that language's prose, adds the outputs of the shared code cells (executed once per build by
docs_runner.notebooks in a child of the fork server, cached like snippets) and the "verified with" line,
and writes the notebook to .cache/notebooks/<lang>/notebooks/<name>.ipynb: the build's own folder, never
docs/. on_files then names it to MkDocs as docs/<lang>/notebooks/<name>.ipynb, before mkdocs-static-i18n
sorts files by language (it only localises files under docs_dir); hooks/notebooks.py points each page back
at the generated file once i18n is done.
"""

from __future__ import annotations

from pathlib import Path

import jupytext
import nbformat
from _comments import CommentError
from _state import generated_path, site_run
from _texts import texts_for, verified_line
from code_comments import translated  # kept on disk between builds
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File

from docs_runner.notebooks import notebook_examples
from docs_runner.paths import ROOT
from docs_runner.records import Record


def page_name(example: Path) -> str:
    return example.stem.replace("_", "-")


def src_uri(example: Path, lang: str) -> str:
    return f"{lang}/notebooks/{page_name(example)}.ipynb"


def localise(example: Path, lang: str) -> nbformat.NotebookNode:
    """The notebook of `example` in `lang`: that language's Markdown cells, the code cells' comments and
    docstrings in that language (hooks/_comments.py; the code itself is the file's)."""
    path = example.resolve().relative_to(ROOT).as_posix()
    try:
        text = translated(path, lang)
    except CommentError as exc:
        raise PluginError(str(exc)) from None
    nb = jupytext.reads(text, fmt="py:percent")
    nb.cells = [c for c in nb.cells if c.metadata.get("lang", lang) == lang]
    for i, cell in enumerate(nb.cells):
        cell.metadata.pop("lang", None)
        cell.id = f"cell-{i}"  # stable ids keep the cache key stable
    nb.metadata = {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"},
    }
    return nb


def build_notebook(example: Path, lang: str, record: Record, outputs: list[list[dict]]) -> None:
    nb = localise(example, lang)
    code = [c for c in nb.cells if c.cell_type == "code"]
    for count, (cell, cell_outputs) in enumerate(zip(code, outputs, strict=True), start=1):
        cell.outputs = [nbformat.from_dict(o) for o in cell_outputs]
        cell.execution_count = count
    note = f"> **{texts_for(lang)['verified']}**\n>\n> {verified_line([record], lang)}"
    nb.cells.insert(1, nbformat.v4.new_markdown_cell(note, id="verified-with"))
    target = generated_path(src_uri(example, lang))
    text = nbformat.writes(nb)
    # Rewrite only on change: an unchanged page keeps its file (and mkdocs-jupyter's work on it).
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def _languages(config) -> list[str]:
    return [lang.locale for lang in config.plugins["i18n"].config.languages]


def on_pre_build(config):
    run = site_run(config)
    for example in notebook_examples():
        rel = example.relative_to(ROOT).as_posix()
        for lang in _languages(config):
            build_notebook(example, lang, run.records[rel], run.notebooks[rel])


@event_priority(50)  # before mkdocs-jupyter (0) and mkdocs-static-i18n (-100) look at the files
def on_files(files, config):
    for example in notebook_examples():
        for lang in _languages(config):
            uri = src_uri(example, lang)
            if files.get_file_from_path(uri) is None:
                files.append(File(uri, config.docs_dir, config.site_dir, config.use_directory_urls))
    return files
