"""The header grammar: how a snippet says it runs, in comment lines above its docstring (all optional).

    # run: torchrun --standalone --nproc-per-node 2 snippets/distributed/ddp_basic.py
    # needs: cuda                      only meaningful on a GPU; a CPU build shows a recording or a notice
    # record: cuda                     runs anywhere; `make record` keeps its CUDA output to show beside it
    # server: tensorboard --logdir runs --host 127.0.0.1 --port ${PORT:-6006}
    # measured: [\\d.]+ ms             printed values that vary from run to run (a regex; may repeat)
    # timeout: 120                     seconds (default 300)
    # figure: loss_curve.png           a PNG the run writes in its folder (may repeat)
    # beside: train.py                 a lesson file of this folder it imports or runs (may repeat)

A snippet may import helper modules beside it whose names start with `_`, and lesson files of its folder that
it declares with `# beside:` (the page shows those whole, earlier, and tells the reader to save them in one
folder; tests/site/test_copy_runs.py checks it). Both are part of its cache key. Importing any other sibling
file is refused, since the reader would not know to copy it.
"""

from __future__ import annotations

import ast
import functools
import re
import shlex
import sys
from dataclasses import dataclass

from docs_runner import paths
from docs_runner.errors import SnippetError

TIMEOUT_S = 300
LAUNCHERS = ("python", "torchrun", "horovodrun")
HEADER_KEYS = ("run", "needs", "record", "server", "measured", "timeout", "figure", "beside")
REPEATABLE = ("measured", "figure", "beside")
LESSON_NAME = re.compile(r"[a-z0-9][\w-]*\.py")  # a lesson file's name, not a _helper's
FIGURE_NAME = re.compile(r"[\w-]+\.png")  # a plain file name in the snippet's working folder
HEADER_LINE = re.compile(r"^#\s*([a-z]+):\s*(.*?)\s*$")


@dataclass(frozen=True)
class Spec:
    path: str  # relative to ROOT, posix
    argv: tuple[str, ...]  # the reader's command line, from `# run:` (default: python <path>)
    needs_cuda: bool = False
    record_cuda: bool = False
    server: str | None = None
    measured: tuple[str, ...] = ()
    timeout: int = TIMEOUT_S
    helpers: tuple[str, ...] = ()  # files of its folder it imports (_*.py) or needs (beside), transitively
    beside: tuple[str, ...] = ()  # lesson files of its folder it needs (`# beside:`), as paths from ROOT
    figures: tuple[str, ...] = ()  # PNG files the run writes in its working folder, shown on the page

    @property
    def launcher(self) -> str:
        return self.argv[0]

    @property
    def ranks(self) -> int:
        """Processes that compute at once: 1, or the launcher's process count (a scheduling weight)."""
        for flag in ("--nproc-per-node", "--nproc_per_node", "-np"):
            if flag in self.argv:
                value = self.argv[self.argv.index(flag) + 1]
                return int(value) if value.isdigit() else 1
        return 1

    @property
    def kind(self) -> str:
        """plain, processes, server, cuda or measured: how the report and the page describe it."""
        if self.needs_cuda:
            return "cuda"
        if self.launcher != "python":
            return "processes"
        if self.server:
            return "server"
        return "measured" if self.measured else "plain"


def headers(path: str, source: str) -> dict[str, list[str]]:
    """The header lines of a file: key -> values, in order. Unknown keys and repeats are errors, and so is a
    header line that a blank line has cut off from the header (it would be ignored without a word)."""
    found: dict[str, list[str]] = {}
    lines = source.splitlines()
    for number, line in enumerate(lines, 1):
        if not line.startswith("#"):
            _no_header_below(path, lines, number)
            break
        m = HEADER_LINE.match(line)
        if not m:
            continue
        key, value = m.groups()
        if key not in HEADER_KEYS:
            raise SnippetError(f"{path}: unknown header '# {key}:'; known: {', '.join(HEADER_KEYS)}")
        if key in found and key not in REPEATABLE:
            raise SnippetError(f"{path}: '# {key}:' appears twice; a file says it once")
        found.setdefault(key, []).append(value)
    return found


def _no_header_below(path: str, lines: list[str], end: int) -> None:
    """Raise if a known header line follows the blank line `end`, above the first line of code (other
    comments there stay free text)."""
    if lines[end - 1].strip():
        return
    for number, line in enumerate(lines[end:], end + 1):
        if line.strip() and not line.startswith("#"):
            return
        m = HEADER_LINE.match(line)
        if m and m[1] in HEADER_KEYS:
            raise SnippetError(
                f"{path}:{number}: '# {m[1]}:' is below the header, which a blank line ended at line {end};"
                " header lines stand together at the top of the file"
            )


def read_spec(path: str) -> Spec:
    """Parse the header comments of snippets/...; raise SnippetError naming the file on a bad header."""
    found = headers(path, (paths.ROOT / path).read_text(encoding="utf-8"))
    one = {key: values[0] for key, values in found.items()}
    argv = tuple(shlex.split(one["run"])) if "run" in one else ("python", path)
    if argv[0] not in LAUNCHERS:
        raise SnippetError(f"{path}: unknown launcher {argv[0]!r} in '# run:'; known: {', '.join(LAUNCHERS)}")
    if path not in argv:
        raise SnippetError(f"{path}: '# run:' must name this file as the reader runs it: {path}")
    for pattern in found.get("measured", []):
        try:
            re.compile(pattern)
        except re.error as exc:
            raise SnippetError(f"{path}: '# measured: {pattern}' is not a valid regex: {exc}") from None
    for name in found.get("figure", []):
        if not FIGURE_NAME.fullmatch(name):
            raise SnippetError(f"{path}: '# figure: {name}' must name a .png file in the working folder")
    if one.get("needs", "cuda") != "cuda" or one.get("record", "cuda") != "cuda":
        raise SnippetError(f"{path}: '# needs:' and '# record:' take only the value 'cuda'")
    beside = []
    for name in found.get("beside", []):
        if not LESSON_NAME.fullmatch(name) or name == path.rsplit("/", 1)[-1]:
            raise SnippetError(f"{path}: '# beside: {name}' must name another lesson file of its folder")
        rel = (paths.ROOT / path).with_name(name).relative_to(paths.ROOT).as_posix()
        if not (paths.ROOT / rel).is_file():
            raise SnippetError(f"{path}: '# beside: {name}' must name another lesson file of its folder")
        beside.append(rel)
    timeout = one.get("timeout", str(TIMEOUT_S))
    if not timeout.isdigit() or int(timeout) == 0:
        raise SnippetError(f"{path}: '# timeout: {timeout}' must be a whole number of seconds, such as 120")
    return Spec(
        path=path,
        argv=argv,
        needs_cuda="needs" in one,
        record_cuda="needs" in one or "record" in one,
        server=one.get("server"),
        measured=tuple(found.get("measured", [])),
        figures=tuple(found.get("figure", [])),
        timeout=int(timeout),
        helpers=tuple(local_helpers(path)),
        beside=tuple(beside),
    )


def imported_names(path: str) -> set[str]:
    return set(_imported_names(path, (paths.ROOT / path).read_text(encoding="utf-8")))


@functools.lru_cache(maxsize=1024)  # a build asks for every snippet's spec twice (recordings, the run)
def _imported_names(path: str, source: str) -> frozenset[str]:
    tree = ast.parse(source, filename=path)
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return frozenset(names)


def declared_beside(path: str) -> list[str]:
    """The file names a snippet's `# beside:` lines give (unchecked: read_spec checks them)."""
    return headers(path, (paths.ROOT / path).read_text(encoding="utf-8")).get("beside", [])


def local_helpers(path: str, seen: set[str] | None = None) -> list[str]:
    """The files of its folder that `path` imports (_*.py helpers, `# beside:` lesson files) or declares
    beside, directly or through each other (sorted)."""
    seen = set() if seen is None else seen
    folder = (paths.ROOT / path).parent
    beside = declared_beside(path)
    for name in beside:
        if not LESSON_NAME.fullmatch(name) or not (folder / name).is_file():
            continue  # read_spec refuses it, naming the file
        rel = (folder / name).relative_to(paths.ROOT).as_posix()
        if rel != path and rel not in seen:
            seen.add(rel)
            local_helpers(rel, seen)
    for name in sorted(imported_names(path)):
        sibling = folder / f"{name}.py"
        rel = sibling.relative_to(paths.ROOT).as_posix()
        if not name.startswith("_"):
            if f"{name}.py" in beside:
                continue
            if sibling.is_file() or (folder / name / "__init__.py").is_file():
                raise SnippetError(
                    f"{path}: imports {name}, a file beside it; helper modules must be named _*.py, and a"
                    f" lesson file the page shows is declared with '# beside: {name}.py'"
                )
            continue
        if name in sys.stdlib_module_names:
            continue
        if not sibling.is_file():
            raise SnippetError(f"{path}: imports {name}, but the helper module {rel} does not exist")
        if rel not in seen:
            seen.add(rel)
            local_helpers(rel, seen)
    return sorted(seen)


def all_snippets() -> list[str]:
    """Lesson files; `_*.py` files beside them are helper modules, not snippets."""
    root = paths.ROOT
    return sorted(
        p.relative_to(root).as_posix()
        for p in paths.snippets_dir().rglob("*.py")
        if not p.name.startswith("_")
    )
