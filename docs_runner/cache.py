"""Content-addressed records under .cache/snippets/<slot>/<device>-<key>.json, one slot per source file:
the slot is the source's own path (.cache/snippets/snippets/tensors/creation.py/), so no two sources share
one and a chapter's records are exactly one folder (what CI's shard uploads, .github/workflows/pages.yml).

The key covers everything that can change an output: the file and its helpers (the payload), its path, the
device (and the GPU model), torch and Python versions, the lock file, the warning policy, and the engine's
own sources (this package, the fork server and sitecustomize included), so no version number is bumped by
hand. A slot keeps the newest record of each device, so switching between a CPU and a CUDA build reruns
nothing; slots of deleted files are pruned.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import shutil
import threading
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from docs_runner import machine, paths
from docs_runner.policy import warning_filters
from docs_runner.records import Record

# The files whose content the keys cover (the Python and torch versions aside): what CI's cache of records is
# keyed on too (.github/workflows/*.yml hashFiles; tests/site/test_workflows.py holds them to this list).
KEY_INPUTS = ("snippets/**", "examples/**", "docs_runner/**", "requirements.txt", "pyproject.toml")


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@functools.cache
def _engine_hash(package: Path) -> str:
    h = hashlib.sha256()
    for file in sorted(package.rglob("*.py")):
        h.update(file.relative_to(package).as_posix().encode() + b"\0" + file.read_bytes() + b"\0")
    return h.hexdigest()


def engine_hash() -> str:
    """This package's sources: edit the engine and every record is stale (once per process; a process that
    runs an edited engine has imported it anew)."""
    return _engine_hash(paths.PACKAGE)


def environment_key(device: str) -> str:
    """What outside the snippet can change an output."""
    parts = [
        engine_hash(),
        machine.torch_version(),
        machine.python_version(),
        _sha((paths.ROOT / "requirements.txt").read_bytes()),
        json.dumps(warning_filters()),
        device,
        machine.hardware(device) if device == "cuda" else "",
    ]
    return _sha("\0".join(parts).encode())


def cache_key(path: str, device: str, payload: bytes, env_key: str | None = None) -> str:
    h = hashlib.sha256()
    for part in (env_key or environment_key(device), device, path):
        h.update(part.encode() + b"\0")
    h.update(payload)
    return h.hexdigest()


def slot(path: str) -> Path:
    """One folder per source, at the source's path: a new entry there replaces the old ones."""
    return paths.cache_dir().joinpath(*PurePosixPath(path).parts)


def cache_entry(path: str, device: str, payload: bytes, env_key: str | None = None) -> Path:
    """Where the record of running `payload` (as `path`, on `device`) is kept."""
    return slot(path) / f"{device}-{cache_key(path, device, payload, env_key)}.json"


def lookup(entry: Path) -> Record | None:
    if not entry.exists():
        return None
    try:
        return Record.from_json(json.loads(entry.read_text(encoding="utf-8")))
    except ValueError:  # a torn or hand-edited file: run again
        return None


def store(entry: Path, record: Record) -> None:
    """Write the record at `entry`, replacing the older records of the same device (only)."""
    entry.parent.mkdir(parents=True, exist_ok=True)
    device = entry.name.split("-")[0]
    for old in entry.parent.glob(f"{device}-*.json"):
        old.unlink(missing_ok=True)
    tmp = entry.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
    tmp.write_text(json.dumps(record.to_json(), ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(entry)


def cached(
    path: str, device: str, payload: bytes, run: Callable[[], Record], env_key: str | None = None
) -> tuple[Record, bool]:
    """(record, ran): the cached record when everything in the key matches, else run() stored."""
    entry = cache_entry(path, device, payload, env_key)
    record = lookup(entry)
    if record is not None:
        return record, False
    record = run()
    store(entry, record)
    return record, True


def prune(live: list[str], prefix: str) -> None:
    """Drop the slots under `prefix` (snippets/, examples/) whose source is not in `live`, and the folders
    that leaves empty."""
    keep = {slot(p) for p in live}
    top = slot(prefix)
    for record in list(top.rglob("*.json")):
        if record.parent not in keep:
            shutil.rmtree(record.parent, ignore_errors=True)
    for folder in sorted(top.rglob("*"), key=lambda p: len(p.parts), reverse=True):
        with contextlib.suppress(OSError):  # not empty, or gone already
            folder.rmdir()
    for old in paths.cache_dir().glob(f"{top.name}_*"):  # the flat slots of engines before issue 23
        shutil.rmtree(old, ignore_errors=True)
