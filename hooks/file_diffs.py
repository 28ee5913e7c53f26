"""MkDocs hook: `<!-- diff: snippets/a.py snippets/b.py -->` on a line of its own becomes a fenced `diff`
block: the unified diff from the first file to the second, as the repository holds them now, so a page that
shows how one program becomes another (a training script and its DDP version) can never show a stale or
hand-typed change. On a page in another language both files have their comments in that language
(hooks/_comments.py), as the page's code blocks do. The block keeps the marker's indentation (it works
inside a box), its title names both files, and it shows every line of the second file's changed regions
with three lines of context.

A missing file, a path outside the repository, or two files without a difference fails the build, naming
the page and the marker.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

from _comments import CommentError, translate
from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent
MARKER = re.compile(r"^(?P<indent>[ \t]*)<!-- diff: (?P<old>\S+) (?P<new>\S+) -->[ \t]*$", re.M)


def read(path: str, where: str, lang: str) -> list[str]:
    file = (ROOT / path).resolve()
    if not file.is_relative_to(ROOT) or not file.is_file():
        raise PluginError(f"{where}: <!-- diff: … --> names {path}, which is not a file of the repository")
    try:
        return translate(path, file.read_text(encoding="utf-8"), lang).splitlines()
    except CommentError as exc:
        raise PluginError(f"{where}: {exc}") from None


def diff_block(old: str, new: str, indent: str, where: str, lang: str = "en") -> str:
    lines = list(
        difflib.unified_diff(read(old, where, lang), read(new, where, lang), old, new, n=3, lineterm="")
    )
    if not lines:
        raise PluginError(f"{where}: <!-- diff: {old} {new} -->: the two files are the same")
    # The ---/+++ header becomes the title, which says "diff:" so nothing takes it for one shown file.
    body = [f'```diff title="diff: {old} → {new}"', *lines[2:], "```"]
    return "\n".join(indent + line if line else line for line in body)


def render(markdown: str, where: str, lang: str = "en") -> str:
    return MARKER.sub(lambda m: diff_block(m["old"], m["new"], m["indent"], where, lang), markdown)


def on_page_markdown(markdown, page, config, files):
    if "<!-- diff: " not in markdown:
        return markdown
    return render(markdown, page.file.src_uri, config.theme["language"])
