"""The hooks' content, kept out of Python: hooks/data/texts.toml (the words the hooks add to pages, per
language), glossary.toml (the site's terms) and notes_map.toml (the old notes' sections and the site's
sections that replace them). Editors and translators change those files only; the hooks and the tests read
them through `load`, so both always see the same content. Private helper of the hooks.

A file is read again once it changes, so an edit shows at the next `mkdocs serve` rebuild. A file that is
not valid TOML, or whose content its reader rejects, fails the build with a message naming the file.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
T = TypeVar("T")


class DataError(ValueError):
    """Content a reader cannot use; `load` prefixes the file's name."""


def load(name: str, read: Callable[[dict], T]) -> T:
    """hooks/data/<name>, parsed, as `read` turns it into what the hooks use (`read` raises DataError)."""
    path = DATA / name
    try:
        changed = path.stat().st_mtime_ns
    except OSError as exc:
        raise PluginError(f"{shown(path)}: {exc.strerror}") from None
    return _load(path, changed, read)


def shown(path: Path) -> str:
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


@functools.lru_cache(maxsize=16)
def _load(path: Path, changed: int, read: Callable[[dict], T]) -> T:  # `changed` keys the cache only
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except tomllib.TOMLDecodeError as exc:
        raise PluginError(f"{shown(path)}: not valid TOML: {exc}") from None
    try:
        return read(data)
    except DataError as exc:
        raise PluginError(f"{shown(path)}: {exc}") from None


def strings(value, what: str) -> list[str]:
    """`value` as a list of strings, or DataError naming `what`."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise DataError(f"{what} must be a list of strings")
    return value


def string(value, what: str) -> str:
    if not isinstance(value, str):
        raise DataError(f"{what} must be a string")
    return value
