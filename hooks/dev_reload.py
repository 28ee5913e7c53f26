"""MkDocs hook, under `mkdocs serve` only: an edit to hooks/ or docs_runner/ takes effect at the next rebuild.

MkDocs loads each hook file once per process (its loader is memoised) and Python keeps every imported module,
so a serve session would otherwise go on running the code it started with. After each build this hook lets
MkDocs load the hook files again, and, listed first in mkdocs.yml, it runs first when they load: it drops from
sys.modules every helper or engine module whose file changed since it was imported, and every one that
imports such a module, directly or through others (`from _pages import nav_files` keeps the old function
otherwise), so the hooks import the new code. When the engine changed, its fork server is stopped and every
helper is imported anew (they hold the old engine's functions); the new engine starts its own server.
"""

from __future__ import annotations

import ast
import sys
import types
from pathlib import Path

from mkdocs.config import config_options
from mkdocs.plugins import event_priority

ROOT = Path(__file__).resolve().parent.parent
WATCHED = (ROOT / "hooks", ROOT / "docs_runner")
# Survives this file being loaded again: what was imported when, and whether this process serves.
STATE = sys.modules.setdefault("_pytorch_notes_dev_reload", types.ModuleType("_pytorch_notes_dev_reload"))
if not hasattr(STATE, "loaded"):
    STATE.loaded, STATE.serving = {}, False


def _watched_modules() -> dict[str, Path]:
    found = {}
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if file and any(Path(file).resolve().is_relative_to(folder) for folder in WATCHED):
            found[name] = Path(file)
    return found


def _mtime(file: Path) -> float:
    try:
        return file.stat().st_mtime
    except OSError:
        return -1.0


def _imports(file: Path) -> set[str]:
    """The modules a file imports by absolute name (`import a.b`, `from a.b import c`: a.b)."""
    try:
        tree = ast.parse(file.read_bytes(), filename=str(file))
    except (OSError, SyntaxError, ValueError):
        return set()  # gone or broken: importing it again says why
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def _with_dependents(stale: set[str], modules: dict[str, Path]) -> set[str]:
    """`stale` and every watched module that imports one of them, directly or through others."""
    if not stale:
        return stale  # the usual rebuild (a page or snippet edit): no file to parse
    imports = {name: _imports(file) for name, file in modules.items()}
    while more := {n for n, names in imports.items() if n not in stale and names & stale}:
        stale |= more
    return stale


def _forget_changed() -> None:
    modules = _watched_modules()
    stale = {n for n, f in modules.items() if n in STATE.loaded and _mtime(f) != STATE.loaded[n]}
    if any(n.startswith("docs_runner") for n in stale):
        client = sys.modules.get("docs_runner.forkserver.client")
        if client is not None:
            client.shutdown()  # the old engine's server: the new engine starts its own
        stale |= set(modules)  # the engine and every helper holding its functions (hooks/_state.py)
    for name in _with_dependents(stale, modules):
        sys.modules.pop(name, None)
        STATE.loaded.pop(name, None)


if STATE.serving:
    _forget_changed()


def on_startup(command, dirty):
    STATE.serving = command == "serve"


@event_priority(-300)  # after mkdocs-static-i18n's nested builds of the other languages
def on_post_build(config):
    if not STATE.serving or config.plugins["i18n"].building:
        return  # a plain build, or a nested per-language build of this one
    STATE.loaded = {name: _mtime(file) for name, file in _watched_modules().items()}
    config_options.Hooks._load_hook.cache_clear()  # the next rebuild loads the hook files anew
