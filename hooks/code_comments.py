"""MkDocs hook: a page shows code with comments and docstrings in the page's language (hooks/_comments.py).

On a page in another language than the files' (English), each include line `--8<-- "path[:section]"` is
replaced by the file's text with its comments and docstrings translated, cut to the section as
pymdownx.snippets would cut it; the English pages keep the include, which pymdownx.snippets fills in. A
comment without a translation, or a stale translation, stops the build naming the file and line.
"""

from __future__ import annotations

import textwrap

from _comments import SOURCE_LANG, CommentError, translated_file
from _includes import INCLUDE_LINE, section_of
from mkdocs.exceptions import PluginError


def shown_text(path: str, section: str | None, lang: str) -> str:
    """What an include of `path` (and `section`) shows on a page in `lang`."""
    text = section_of(translated_file(path, lang), path, section)
    return textwrap.dedent(text) if section is not None else text  # pymdownx's dedent_subsections


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
