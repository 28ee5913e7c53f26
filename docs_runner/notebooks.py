"""The notebook examples: examples/*.py written as jupytext percent cells. Their code cells are shared by
every language, so they run once per build (in one forked child) and are cached like a snippet, keyed on the
cells' source: a prose-only edit runs nothing."""

from __future__ import annotations

import json
from pathlib import Path

from docs_runner import cache, paths
from docs_runner.errors import SnippetError
from docs_runner.execute import engine_failure, run_cells
from docs_runner.records import Record, new_record

CELL_MARKER = "# %%"


def notebook_examples() -> list[Path]:
    return sorted(
        p for p in paths.examples_dir().glob("*.py") if CELL_MARKER in p.read_text(encoding="utf-8")
    )


def code_cells(example: Path) -> list[str]:
    import jupytext

    return [c.source for c in jupytext.read(example).cells if c.cell_type == "code"]


def payload(cells: list[str]) -> bytes:
    """What the cache key hashes: the code cells, the one thing every language's notebook shares."""
    return json.dumps(cells).encode()


def executed(example: Path, device: str) -> tuple[Record, list[list[dict]], bool]:
    """(record, outputs per code cell, whether it ran now)."""
    rel = example.relative_to(paths.ROOT).as_posix()
    cells = code_cells(example)

    def run() -> Record:
        outputs, seconds, compute = run_cells(rel, cells, device)
        output = json.dumps(outputs, ensure_ascii=False)
        return new_record(rel, round(seconds, 3), device, output, compute=round(compute, 3), kind="notebook")

    record, ran = cache.cached(rel, device, payload(cells), run)
    return record, json.loads(record.output), ran


def run_notebooks(device: str) -> tuple[dict[str, tuple[Record, list[list[dict]]]], list[str]]:
    """Every notebook example, run or fetched: ({path: (record, outputs)}, paths that ran). Cache entries of
    deleted examples are pruned."""
    results, ran, errors = {}, [], []
    examples = notebook_examples()
    for example in examples:
        try:
            record, outputs, did_run = executed(example, device)
        except SnippetError as exc:  # every failing notebook is reported, not only the first
            errors.append(str(exc))
            continue
        except Exception as exc:
            errors.append(engine_failure(example.relative_to(paths.ROOT).as_posix(), exc))
            continue
        results[record.path] = (record, outputs)
        if did_run:
            ran.append(record.path)
    if errors:
        raise SnippetError("\n\n".join(errors))
    cache.prune([e.relative_to(paths.ROOT).as_posix() for e in examples], "examples/")
    return results, ran
