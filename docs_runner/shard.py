"""Everything a build runs, at once (the site's hooks ask for it once per build), or one CI shard of it.

A shard runs (or fetches) the snippets under some folders, and with `examples` the notebook examples,
through the cache exactly as the build does; the build that gets every shard's records merged runs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from docs_runner import machine
from docs_runner.errors import SnippetError
from docs_runner.execute import run_all
from docs_runner.notebooks import run_notebooks
from docs_runner.recordings import Recording, recordings_for
from docs_runner.records import Record
from docs_runner.spec import all_snippets


@dataclass
class SiteRun:
    device: str
    records: dict[str, Record] = field(default_factory=dict)  # snippets and notebooks, by path
    notebooks: dict[str, list[list[dict]]] = field(default_factory=dict)  # notebook path -> outputs per cell
    recordings: dict[str, Recording] = field(default_factory=dict)
    ran: list[str] = field(default_factory=list)

    @property
    def from_cache(self) -> int:
        return len(self.records) - len(self.ran)


def run_site(device: str | None = None) -> SiteRun:
    """Every snippet and notebook example, run or fetched from the cache; every failure raised at once."""
    device = device or machine.detect_device()
    errors = []  # snippets' and notebooks' failures, reported together
    try:
        records, ran = run_all(device=device)
    except SnippetError as exc:
        errors.append(str(exc))
        records, ran = {}, []
    try:
        notebooks, ran_notebooks = run_notebooks(device)
    except SnippetError as exc:
        errors.append(str(exc))
        notebooks, ran_notebooks = {}, []
    if errors:
        raise SnippetError("\n\n".join(errors))
    result = SiteRun(device, dict(records), ran=list(ran), recordings=recordings_for(list(records)))
    for path, (record, outputs) in notebooks.items():
        result.records[path] = record
        result.notebooks[path] = outputs
    result.ran += ran_notebooks
    return result


def run_shard(targets: list[str], device: str | None = None) -> tuple[list[str], int]:
    """The snippets under the given folders or files, and with `examples` the notebook examples.
    Returns (what ran, how many came from the cache)."""
    device = device or machine.detect_device()
    snippets, with_notebooks = [], False
    for target in (t.rstrip("/") for t in targets):
        if target == "examples":
            with_notebooks = True
            continue
        found = [p for p in all_snippets() if p == target or p.startswith(f"{target}/")]
        if not found:
            raise SnippetError(f"shard {target}: no snippet or notebook example there")
        snippets += [p for p in found if p not in snippets]
    ran = run_all(snippets, device)[1] if snippets else []
    total = len(snippets)
    if with_notebooks:
        notebooks, ran_notebooks = run_notebooks(device)
        ran += ran_notebooks
        total += len(notebooks)
    return ran, total - len(ran)
