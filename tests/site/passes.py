"""The passes of `make test-all`'s slowest checks (a file copied and run alone, a chapter's notebook in a
fresh kernel), remembered under .cache/passes/ by everything that can change their verdict: the snippet
cache's environment key (engine, torch, Python, lock file, warning policy, device), the test module's own
source, tests/conftest.py and what the check reads (the files as copied, the notebook with its outputs, the
page's output).

Only a pass is remembered, never a failure; a change to any input is a new key, so the check runs again.
The snippet cache does the same for the build's runs. A fresh clone (CI) has none, and runs every check;
`rm -rf .cache/passes` makes a warm machine run them all again.
"""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path

from docs_runner import paths
from docs_runner.cache import environment_key
from docs_runner.machine import detect_device


def folder() -> Path:
    return paths.ROOT / ".cache" / "passes"


def pass_key(check: str, *parts: str | bytes) -> str:
    """A key over the environment, the check's name and its inputs, each part delimited by its length."""
    h = hashlib.sha256()
    shared = (
        paths.ROOT / "tests" / "conftest.py"
    ).read_bytes()  # the fixtures and comparisons every test uses
    for part in (environment_key(detect_device()), shared, check, *parts):
        data = part.encode() if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little") + data)
    return h.hexdigest()


def passed_before(key: str) -> bool:
    return (folder() / key).is_file()


def remember_pass(key: str, what: str) -> None:
    folder().mkdir(parents=True, exist_ok=True)
    note = {"check": what, "date": time.strftime("%Y-%m-%d")}
    partial = folder() / f"{key}.partial"
    partial.write_text(json.dumps(note), encoding="utf-8")
    partial.replace(folder() / key)
