"""A pure function's earlier answers, kept on disk between builds. Private helper of the hooks.

`DiskMemo(name).get(args, compute)` returns what `compute()` returned the last time a build asked with the
same `args` (any value with a stable repr), and calls it otherwise; answers are JSON values (a tuple comes
back as a list). The file is
.cache/render/<name>-<key>.json, where the key names everything besides the arguments that the answers
depend on (package versions); another key is another file, and the old one is removed. A hook loads its
memos in `on_config` (after re-keying them with what it reads from the project); `save_all()`, called once by
hooks/render_memo.py at the end of a whole build (every language), saves every memo loaded in this build, each
keeping exactly the entries that build asked for, so a file never holds more than one build's worth.

The offline copy's build (hooks/offline_copy.py) asks for the same pages under other URLs; its answers live
in files of their own, <name>.offline-<key>.json, so neither build evicts the other's (when they shared one
file, the build after `make offline` rendered every page again).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from hashlib import blake2b
from pathlib import Path

OFFLINE_ENV = "PYTORCH_NOTES_OFFLINE"  # "true" in the offline copy's build (hooks/offline_copy.py, ENV)


def variant() -> str:
    """What this build's memo files add to their name: ".offline" in the offline copy's build, else ""."""
    return ".offline" if os.environ.get(OFFLINE_ENV) == "true" else ""


# The memos loaded in this build, by name: a hook module that `mkdocs serve` reloads makes new instances,
# which replace the old ones here.
LOADED: dict[str, DiskMemo] = {}


def save_all() -> None:
    """Save every memo loaded since the last call (the end of a whole build)."""
    for memo in LOADED.values():
        memo.save()
    LOADED.clear()


def digest(text: str) -> str:
    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


class DiskMemo:
    def __init__(self, name: str, depends_on: str) -> None:
        self.name = name
        self.key = digest(depends_on)
        self.file: Path | None = None
        self.stem = name
        self.known: dict[str, object] = {}
        self.used: dict[str, object] = {}
        self.loaded: set[str] = set()

    def load(self, cache: Path) -> None:
        """Read the file under `cache` (the project's .cache folder), unless it is already in memory."""
        LOADED[self.name] = self
        stem = f"{self.name}{variant()}"
        file = cache / "render" / f"{stem}-{self.key}.json"
        if file == self.file:
            return
        self.file, self.stem = file, stem
        try:
            self.known = json.loads(file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.known = {}
        self.loaded = set(self.known)

    def rekey(self, depends_on: str) -> None:
        """Depend on more than the constructor knew (read from the project when a build starts)."""
        self.key = digest(depends_on)

    def lookup(self, args) -> tuple[str | None, object]:
        """(key, earlier answer or None) for `args`; the key is None when `args` has no stable repr."""
        text = repr(args)
        if self.file is None or " object at 0x" in text:
            return None, None
        key = digest(text)
        return key, self.known.get(key)

    def keep(self, key: str | None, value: object) -> None:
        """Remember `value` as the answer for the key `lookup` gave, for this build and the next."""
        if key is not None:
            self.known[key] = self.used[key] = value

    def get(self, args, compute: Callable[[], object]) -> object:
        key, value = self.lookup(args)
        if value is None:
            value = compute()
        self.keep(key, value)
        return value

    def save(self) -> None:
        used, self.used = self.used, {}
        # nothing asked (a build where this memo was off): the file stays for the next build that asks
        if self.file is None or not used or set(used) == self.loaded:
            return
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            for old in self.file.parent.glob(f"{self.stem}-*.json"):
                old.unlink(missing_ok=True)
            partial = self.file.with_suffix(f".{os.getpid()}.tmp")
            partial.write_text(json.dumps(used, ensure_ascii=False), encoding="utf-8")
            partial.replace(self.file)
            self.loaded = set(used)
        except OSError:
            pass  # a read-only checkout still builds, computing everything each time
