"""MkDocs hook: links from the site back to the repository, and a name for the search dialog.

- Every page gets Material's "edit this page" button (`page.edit_url`); a notebook page's source is the
  examples/*.py file it was generated from. The URL comes from `extra.source_url`: setting Material's
  `repo_url` instead would make every page fetch the repository's star count from api.github.com, a request
  to another host that the offline rule forbids.
- The title of every shown file (snippets/…, examples/…) links to that file in the repository.
- Material's search dialog has role="dialog" but no accessible name (axe: aria-dialog-name); it gets one.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from mkdocs.exceptions import PluginError

FILE_TITLE = re.compile(r'<span class="filename">((?:snippets|examples|tools)/[\w./-]+)</span>')
SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'
WORDS = {
    "zh": {"search": "搜索", "view": "在代码仓库中查看这个文件"},
    "en": {"search": "Search", "view": "View this file in the repository"},
}


def source_path(src_uri: str) -> str:
    """The repository file a page is made from: docs/<lang>/… or, for a notebook, examples/<name>.py."""
    path = PurePosixPath(src_uri)
    if path.suffix == ".ipynb":
        return f"examples/{path.stem.replace('-', '_')}.py"
    return f"docs/{src_uri}"


def on_page_context(context, page, config, nav):
    source = config["extra"].get("source_url", "").rstrip("/")
    if source:
        page.edit_url = f"{source}/edit/main/{source_path(page.file.src_uri)}"
    return context


def on_post_page(output, page, config):
    words = WORDS.get(config.theme["language"])
    if words is None:
        raise PluginError(f"hooks/source_links.py: no words for language {config.theme['language']!r}")
    if SEARCH_DIALOG not in output:
        raise PluginError(f"{page.file.src_uri}: Material's search dialog markup changed; update {__name__}")
    output = output.replace(SEARCH_DIALOG, SEARCH_DIALOG[:-1] + f' aria-label="{words["search"]}">', 1)
    source = config["extra"].get("source_url", "").rstrip("/")
    if source:
        output = FILE_TITLE.sub(
            lambda m: (
                f'<span class="filename"><a href="{source}/blob/main/{m[1]}" title="{words["view"]}">'
                f"{m[1]}</a></span>"
            ),
            output,
        )
    return output
