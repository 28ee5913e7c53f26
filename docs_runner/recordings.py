"""Outputs recorded on a GPU (`make record`), committed as text under recordings/cuda/, shown by CPU-only
builds beside a notice, and refused as stale once the snippet or a helper changes."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from docs_runner import paths
from docs_runner.errors import SnippetError
from docs_runner.records import Record
from docs_runner.spec import all_snippets, read_spec

FIELDS = ("snippet", "source", "torch", "gpu", "date")


def source_hash(path: str) -> str:
    """The snippet and every helper it imports: what a GPU recording is checked against."""
    spec = read_spec(path)
    h = hashlib.sha256()
    for rel in (spec.path, *spec.helpers):
        h.update(rel.encode() + b"\0" + (paths.ROOT / rel).read_bytes() + b"\0")
    return h.hexdigest()


@dataclass(frozen=True)
class Recording:
    path: str
    source: str  # source_hash of the snippet and its helpers when it was recorded
    torch: str
    gpu: str
    date: str
    output: str

    @property
    def stale(self) -> bool:
        return self.source != source_hash(self.path)


def recording_file(path: str) -> Path:
    return paths.recordings_dir() / Path(path).relative_to("snippets").with_suffix(".txt")


def read_recording(path: str) -> Recording | None:
    file = recording_file(path)
    if not file.exists():
        return None
    head, sep, output = file.read_text(encoding="utf-8").partition("\n---\n")
    fields = dict(line.split(": ", 1) for line in head.splitlines() if ": " in line)
    if not sep or set(fields) != set(FIELDS) or fields["snippet"] != path:
        raise SnippetError(
            f"{file.relative_to(paths.ROOT)}: not a recording of {path} (see docs_runner/recordings.py)"
        )
    return Recording(
        fields["snippet"], fields["source"], fields["torch"], fields["gpu"], fields["date"], output
    )


def write_recording(record: Record) -> Path:
    file = recording_file(record.path)
    file.parent.mkdir(parents=True, exist_ok=True)
    values = (record.path, source_hash(record.path), record.torch, record.hardware, record.date)
    head = dict(zip(FIELDS, values, strict=True))
    file.write_text(
        "".join(f"{k}: {v}\n" for k, v in head.items()) + "---\n" + record.output, encoding="utf-8"
    )
    return file


def recordings_for(snippets: list[str]) -> dict[str, Recording]:
    """The committed recordings of the snippets that declare `# record: cuda` or `# needs: cuda`."""
    return {p: r for p in snippets if read_spec(p).record_cuda and (r := read_recording(p))}


def record_all(device: str) -> list[Path]:
    """`make record`: run every snippet marked `# needs: cuda` or `# record: cuda` on this GPU and keep its
    output under recordings/cuda/, to be committed."""
    from docs_runner.execute import run_all

    if device != "cuda":
        raise SnippetError("make record needs a CUDA GPU, and this machine has none (DOCS_DEVICE / nvidia)")
    wanted = [p for p in all_snippets() if read_spec(p).record_cuda]
    records, _ = run_all(wanted, "cuda", use_cache=False)
    return [write_recording(records[p]) for p in wanted]
