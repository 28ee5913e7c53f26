"""The torch version matrix on the site. `make matrix` (tools/matrix.py) runs every snippet on each release
of matrix/versions.toml and writes matrix/results.json; the build only reads that file, never runs it:

- under each code block, one line: the releases the file runs on and those where it prints the reference's
  output, each release's result (the error line, the diff) one click away;
- the report page (`<!-- version-matrix -->`): the whole matrix, file by release, grouped by chapter;
- the home page (`<!-- version-matrix-summary -->`): how many files run on each release;
- in prose, `<!-- runs-from:snippets/x/y.py -->` becomes the release from which that file runs on every
  later one ("2.6"), so a page's "arrived in torch 2.6" is the data's, never typed.

A file whose content (with its helpers) is not the content the matrix ran is "not yet checked on other
releases", never shown as checked. Private helper of hooks/execute_snippets.py, used by tools/matrix.py and
the tests too (no MkDocs import here).
"""

from __future__ import annotations

import functools
import hashlib
import html
import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from docs_runner.execute import snippet_payload
from docs_runner.spec import read_spec

ROOT = Path(__file__).resolve().parent.parent
VERSIONS = ROOT / "matrix" / "versions.toml"
RESULTS = ROOT / "matrix" / "results.json"
SYMBOLS = {"same": "✓", "differs": "≈", "fails": "✗", "not run": "–", "unchecked": "?"}
RUNS_FROM = re.compile(r"<!-- runs-from:(?P<path>[^ ]+) -->")
MATRIX_MARKER = "<!-- version-matrix -->"
SUMMARY_MARKER = "<!-- version-matrix-summary -->"


class MatrixError(ValueError):
    """matrix/ data the build cannot use, or a page asking for what the data does not hold."""


@dataclass(frozen=True, eq=False)
class Release:
    torch: str
    torchvision: str
    launched: bool  # torchrun files run on it too
    note: dict[str, str]  # language -> what a reader should know about this pair (empty when nothing)

    @property
    def key(self) -> tuple[int, ...]:
        return tuple(int(part) for part in self.torch.split("."))

    @property
    def minor(self) -> str:
        return ".".join(self.torch.split(".")[:2])


PINS = ROOT / "requirements.txt"
_per_build: dict[tuple[str, str], object] | None = None  # see begin_build


def begin_build() -> None:
    """From now on, read each file's header and content hash once until the next call. The build calls it as
    it starts (a page asks for them hundreds of times, and the files do not change while a build runs);
    tools and tests never call it, so they read the files afresh every time."""
    global _per_build
    _per_build = {}


def _once_per_build(kind: str, path: str, compute):
    if _per_build is None:
        return compute()
    if (kind, path) not in _per_build:
        _per_build[kind, path] = compute()
    return _per_build[kind, path]


def _spec(path: str):
    return _once_per_build("spec", path, lambda: read_spec(path))


def _stamp(path: Path) -> int:
    return path.stat().st_mtime_ns if path.exists() else 0


def reference() -> str:
    """The torch version requirements.txt pins: the build's own, whose outputs the pages show."""
    return _once_per_build("reference", "", lambda: _reference(_stamp(PINS)))


@functools.cache
def _reference(_changed: int) -> str:
    pins = PINS.read_text(encoding="utf-8")
    return re.search(r"^torch==(\S+)", pins, re.M)[1]


def content_hash(path: str) -> str:
    """What the matrix's result for a file holds for: its source and its helpers'."""
    return _once_per_build(
        "hash", path, lambda: hashlib.sha256(snippet_payload(_spec(path))).hexdigest()[:16]
    )


def releases() -> list[Release]:
    return _releases(_stamp(VERSIONS))


@functools.cache
def _releases(_changed: int) -> list[Release]:
    try:
        listed = tomllib.loads(VERSIONS.read_text(encoding="utf-8"))["releases"]
        found = [
            Release(r["torch"], r["torchvision"], bool(r.get("launched", False)), r.get("note", {}))
            for r in listed
        ]
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError) as exc:
        raise MatrixError(f"matrix/versions.toml: {exc}") from None
    if reference() not in [r.torch for r in found]:
        raise MatrixError(
            f"matrix/versions.toml must list the reference torch {reference()} (requirements.txt)"
        )
    return sorted(found, key=lambda r: r.key)


def results() -> dict:
    return _results(_stamp(RESULTS))


@functools.cache
def _results(_changed: int) -> dict:
    if not RESULTS.exists():
        return {"reference": reference(), "snippets": {}}
    try:
        return json.loads(RESULTS.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise MatrixError(f"matrix/results.json: {exc}") from None


def reason_not_in_matrix(path: str) -> str | None:
    """Why the file runs on the reference torch alone ("cuda", "server", "horovodrun"), or None."""
    spec = _spec(path)
    if spec.needs_cuda:
        return "cuda"
    if spec.server:
        return "server"
    if spec.launcher not in ("python", "torchrun"):
        return spec.launcher
    return None


def runs_on(path: str, release: Release) -> bool:
    """Whether `make matrix` runs the file on that release (the reference's results are the build's)."""
    if reason_not_in_matrix(path) is not None:
        return False
    return _spec(path).launcher == "python" or release.launched


def outcomes(path: str) -> dict[Release, dict] | None:
    """Release -> {"result": same | differs | fails | not run, "detail": ...} for the file as it is now;
    None when the matrix has not run this content (the file is new or edited since) or ran it against
    another reference."""
    data = results()
    entry = data["snippets"].get(path)
    if data.get("reference") != reference() or entry is None or entry["hash"] != content_hash(path):
        return None
    found = {}
    for release in releases():
        if release.torch == reference():
            found[release] = {"result": "same"}
        else:
            found[release] = entry["runs"].get(release.torch, {"result": "not run"})
    return found


def runs_from(path: str) -> str | None:
    """The first minor from which the file runs on every later release the matrix ran it on; None when it
    fails on none (or has no current result)."""
    found = outcomes(path)
    if found is None:
        return None
    checked = [(r, o["result"]) for r, o in found.items() if o["result"] != "not run"]
    if all(result != "fails" for _, result in checked):
        return None  # it runs on every release checked: there is no "from" to state
    first = None
    for release, result in reversed(checked):
        if result == "fails":
            break
        first = release
    return first.minor if first else None


def ranges(chosen: list[Release], joiner: str) -> str:
    """'2.4–2.9, 2.12' for the chosen releases: neighbours in the whole list of releases join up."""
    everyone = releases()
    runs: list[list[Release]] = []
    for release in everyone:
        if release in chosen:
            if runs and everyone.index(runs[-1][-1]) == everyone.index(release) - 1:
                runs[-1].append(release)
            else:
                runs.append([release])
    parts = [run[0].minor if len(run) == 1 else f"{run[0].minor}–{run[-1].minor}" for run in runs]
    return joiner.join(parts)


def _code(text: str) -> str:
    ticks = "``" if "`" in text else "`"
    return f"{ticks} {text} {ticks}" if ticks == "``" else f"`{text}`"


def block_line(path: str, lang: str, text: dict) -> tuple[str, list[str]]:
    """The summary shown under a code block, and the Markdown lines of its details, in text's language."""
    t = text["matrix"]
    reason = reason_not_in_matrix(path)
    if reason is not None:
        return t["reference_only"].format(torch=reference(), why=t["why"][reason]), []
    found = outcomes(path)
    if found is None:
        return t["unchecked"].format(torch=reference()), []
    runs = [r for r, o in found.items() if o["result"] in ("same", "differs")]
    same = [r for r, o in found.items() if o["result"] == "same"]
    fails = [r for r, o in found.items() if o["result"] == "fails"]
    checked = [r for r, o in found.items() if o["result"] != "not run"]
    parts = [t["runs_on"].format(versions=ranges(runs, t["joiner"]))] if runs else []
    if fails:
        parts.append(t["fails_on"].format(versions=ranges(fails, t["joiner"])))
    if len(same) == len(runs):
        parts.append(t["same_everywhere"])
    elif same:
        parts.append(t["same_on"].format(versions=ranges(same, t["joiner"])))
    if len(checked) < len(found):
        parts.append(t["checked_of"].format(n=len(checked), total=len(found)))
    details = []
    for release, outcome in found.items():
        result = outcome["result"]
        name = t["release"].format(torch=release.torch, torchvision=release.torchvision)
        if release.torch == reference():
            details.append(f"- {SYMBOLS['same']} {name}{t['sep']}{t['is_reference']}")
            continue
        note = f"{t['sep']}{release.note[lang]}" if release.note else ""
        if result == "fails":
            details.append(
                f"- {SYMBOLS[result]} {name}{t['sep']}{t['fails']} {_code(outcome['detail'])}{note}"
            )
        elif result == "differs":
            details.append(f"- {SYMBOLS[result]} {name}{t['sep']}{t['differs']}{note}")
            fence = "`" * max(3, 1 + max((len(m) for m in re.findall(r"`+", outcome["detail"])), default=0))
            details += [
                "",
                f"    {fence}diff",
                *[f"    {line}" for line in outcome["detail"].splitlines()],
                f"    {fence}",
                "",
            ]
        elif result == "same":
            details.append(f"- {SYMBOLS[result]} {name}{t['sep']}{t['same']}{note}")
        else:
            details.append(f"- {SYMBOLS[result]} {name}{t['sep']}{t['not_run']}")
    return t["sep"].join(parts), details


def block_markdown(indent: str, path: str, lang: str, text: dict) -> str:
    """The line that goes under a code block (after its output): a <details> whose summary is the line and
    whose body holds each release's result, or a plain paragraph when there is nothing more to say. Raw HTML
    with data-search-exclude, so search results are not flooded with release numbers."""
    summary, details = block_line(path, lang, text)
    summary = html.escape(summary, quote=False)
    if not details:
        return f'\n\n{indent}<p class="torch-versions" data-search-exclude="true">{summary}</p>\n'
    lines = [
        '<details class="torch-versions" data-search-exclude="true" markdown="1">',
        f"<summary>{summary}</summary>",
        "",
        *details,
        "",
        "</details>",
    ]
    return "\n\n" + "\n".join(f"{indent}{line}" if line else "" for line in lines) + "\n"


def _cells(path: str) -> list[str]:
    """The report's row of symbols for a file, one per release (its results read once)."""
    in_matrix = reason_not_in_matrix(path) is None
    found = outcomes(path) if in_matrix else None
    cells = []
    for release in releases():
        if release.torch == reference():
            cells.append(SYMBOLS["same"])
        elif not in_matrix:
            cells.append(SYMBOLS["not run"])
        else:
            cells.append(SYMBOLS["unchecked"] if found is None else SYMBOLS[found[release]["result"]])
    return cells


def report_markdown(paths: list[str], lang: str, text: dict) -> str:
    """The whole matrix: one table per chapter (the folder under snippets/), a row per file."""
    t = text["matrix"]
    everyone = releases()
    head = f"| {t['file']} | " + " | ".join(r.minor for r in everyone) + " |"
    rule = "|---|" + "|".join(":-:" for _ in everyone) + "|"
    chapters: dict[str, list[str]] = {}
    for path in paths:
        chapters.setdefault(path.split("/")[1], []).append(path)
    parts = [t["legend"], "", _pairs(lang, t)]
    for chapter, files in chapters.items():
        rows = [f"| `{p}` | " + " | ".join(_cells(p)) + " |" for p in files]
        parts += ["", f"**{chapter}**", "", head, rule, *rows]
    return "\n".join(parts) + "\n"


def _pairs(lang: str, t: dict) -> str:
    """The releases as run: each torch with its torchvision, and a release's note."""
    items = []
    for release in releases():
        item = t["release"].format(torch=release.torch, torchvision=release.torchvision)
        if release.note:
            item = t["with_note"].format(release=item, note=release.note[lang])
        items.append(item)
    return t["pairs"].format(releases=t["joiner"].join(items))


def summary_markdown(paths: list[str], text: dict) -> str:
    """One sentence for the home page: on each release, how many of the files it ran ran."""
    t = text["matrix"]
    counts = []
    found = {p: outcomes(p) for p in paths if reason_not_in_matrix(p) is None}
    current = [found[p] for p in found if found[p] is not None]
    for release in releases():
        ran = checked = 0
        for outcome in current:
            result = outcome[release]["result"]
            checked += result != "not run"
            ran += result in ("same", "differs")
        counts.append(t["count"].format(version=release.minor, ran=ran, checked=checked))
    return t["summary"].format(counts=t["joiner"].join(counts), current=len(current), total=len(paths))
