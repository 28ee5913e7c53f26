"""MkDocs hook: pages state what the build knows without typing it.

- `<!-- pinned:torch -->` becomes the version requirements.txt pins for that package (`2.14.1`), so the home
  and running pages can never name another version than the one `make` installs; a package requirements.txt
  does not pin fails the build, naming the page.
- `<!-- repository -->` becomes `extra.source_url` (the repository; a fork's build sets SOURCE_URL), for
  links such as "report a mistake" and the licence.
"""

from __future__ import annotations

import re
from pathlib import Path

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent
PINNED = re.compile(r"<!-- pinned:([A-Za-z0-9_.-]+) -->")
REPOSITORY = "<!-- repository -->"
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==([^\s;#]+)", re.M)


def pins(requirements: Path = ROOT / "requirements.txt") -> dict[str, str]:
    """Package name (lower case, - and _ alike) -> pinned version."""
    text = requirements.read_text(encoding="utf-8")
    return {_key(name): version for name, version in PIN.findall(text)}


def _key(name: str) -> str:
    return name.lower().replace("_", "-")


def fill(markdown: str, where: str, pinned: dict[str, str], repository: str) -> str:
    def version(match: re.Match) -> str:
        name = _key(match[1])
        if name not in pinned:
            raise PluginError(f"{where}: <!-- pinned:{match[1]} -->, but requirements.txt pins no {match[1]}")
        return pinned[name]

    if REPOSITORY in markdown and not repository:
        raise PluginError(f"{where}: <!-- repository -->, but mkdocs.yml has no extra.source_url")
    return PINNED.sub(version, markdown).replace(REPOSITORY, repository.rstrip("/"))


def on_page_markdown(markdown, page, config, files):
    if "<!-- pinned:" not in markdown and REPOSITORY not in markdown:
        return markdown
    return fill(markdown, page.file.src_uri, pins(), config.extra.get("source_url") or "")
