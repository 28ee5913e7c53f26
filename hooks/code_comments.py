"""MkDocs hook: a page shows code with comments and docstrings in the page's language (hooks/_comments.py).

On a page in another language than the files' (English), each include line `--8<-- "path[:section]"` is
replaced by the file's text with its comments and docstrings translated, cut to the section as
pymdownx.snippets would cut it; the English pages keep the include, which pymdownx.snippets fills in. A
comment without a translation, or a stale translation, stops the build naming the file and line.
A translated file is kept on disk (.cache/render/comments-*.json) under its text and its translations, so a
warm build does not tokenize every file again.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import _comments
from _comments import ROOT, SOURCE_LANG, CommentError, table, translate
from _includes import INCLUDE_LINE, section_of
from _memo import DiskMemo, digest
from mkdocs.exceptions import PluginError

MEMO = DiskMemo("comments", "")  # keyed in on_config by the translator's own source


def translated(path: str, lang: str) -> str:
    """The file's text with its comments in `lang` (as _comments.translated_file), from the memo when the
    file and its translations are what an earlier build translated."""
    source = (ROOT / path).read_text(encoding="utf-8")
    if lang == SOURCE_LANG:
        return source
    found = table(path, lang)
    return MEMO.get((path, lang, source, sorted(found.items())), lambda: translate(path, source, lang))


def shown_text(path: str, section: str | None, lang: str) -> str:
    """What an include of `path` (and `section`) shows on a page in `lang`."""
    text = section_of(translated(path, lang), path, section)
    return textwrap.dedent(text) if section is not None else text  # pymdownx's dedent_subsections


def on_config(config):
    MEMO.rekey(digest(Path(_comments.__file__).read_text(encoding="utf-8")))
    MEMO.load(Path(config.config_file_path).parent / ".cache")
    return config


def on_page_markdown(markdown, page, config, files):
    lang = config.theme["language"]
    if lang == SOURCE_LANG:
        return markdown

    def show(match) -> str:
        indent = match["indent"]
        text = shown_text(match["path"], match["section"], lang)
        return "\n".join(indent + line if line.strip() else "" for line in text.splitlines())

    try:
        return INCLUDE_LINE.sub(show, markdown)
    except (CommentError, ValueError) as exc:
        raise PluginError(f"{page.file.src_uri}: {exc}") from None
