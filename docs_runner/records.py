"""What one run produced. A record is plain JSON in the cache; reading one written by another version of the
engine is a cache miss (None), never a crash."""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
import sys
from dataclasses import asdict, dataclass, field

from docs_runner import paths
from docs_runner.errors import SnippetError
from docs_runner.machine import hardware, python_version, torch_version


@dataclass(frozen=True)
class Record:
    path: str  # relative to ROOT, posix
    status: str  # "ok", or "cuda-only" (not run: this build has no GPU). Failures raise instead.
    seconds: float  # wall time of the whole run
    device: str  # "cuda" or "cpu": what this machine offered the snippet
    torch: str
    python: str
    date: str  # UTC date of the run (a cached record keeps its original date)
    output: str  # stdout and stderr together, as a terminal would show them
    compute: float | None = 0.0  # seconds inside the code itself; None for launched runs (ranks + launcher)
    hardware: str = ""  # what measured the numbers: the machine that made this record, not the reader's
    kind: str = "plain"
    measured: list[str] = field(default_factory=list)
    figures: dict[str, str] = field(default_factory=dict)  # `# figure:` name -> base64 of the PNG bytes

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> Record | None:
        """The record, or None when `data` does not have exactly this version's fields."""
        names = {f.name for f in dataclasses.fields(cls)}
        if not isinstance(data, dict) or set(data) != names:
            return None
        try:
            return cls(**data)
        except TypeError:
            return None


def new_record(path: str, seconds: float, device: str, output: str, **extra) -> Record:
    """The record of a finished run. A run that printed nothing fails (SnippetError naming the file): its page
    would show code without output, which no snippet of the site means to do."""
    status = extra.pop("status", "ok")
    if status == "ok" and not output.strip():
        raise SnippetError(
            f"{path}: the run printed nothing, so its page would show no output;"
            " print what the code shows (a snippet that draws a figure can print what it drew)"
        )
    return Record(
        path=path,
        status=status,
        seconds=seconds,
        device=device,
        torch=torch_version(),
        python=python_version(),
        date=dt.datetime.now(dt.UTC).date().isoformat(),
        output=portable(output),
        hardware=extra.pop("hardware", hardware(device)),
        **extra,
    )


def portable(output: str) -> str:
    """The output without this checkout's absolute paths (a warning names the file it comes from): paths in
    the project become relative (`.venv/lib/...`), an interpreter elsewhere becomes `<python>`, so a record
    reads the same in every clone and the page never shows the build machine's folders."""
    return output.replace(f"{paths.ROOT}/", "").replace(f"{sys.prefix}/", "<python>/")


def normalise(output: str, measured: list[str] | tuple[str, ...]) -> str:
    """The output with exactly the declared measured values replaced: what must repeat run after run."""
    output = portable(output)
    for pattern in measured:
        output = re.sub(pattern, "<measured>", output)
    return output


# Log lines torch prints once per process, when a module is first imported: a fresh interpreter (the build, a
# reader's `python file`, another torch release) prints them, a forked test module whose worker imported that
# module during collection does not. They say nothing about the snippet (cpp_extension found a CUDA toolkit on
# a machine without a GPU; the page still shows the line and the compile page explains it).
ONCE_PER_PROCESS = re.compile(r"^.*No CUDA runtime is found, using CUDA_HOME=.*\n", re.M)


def comparable(output: str, measured: list[str] | tuple[str, ...]) -> str:
    """What two runs of one file must both print: normalise(), without the once-per-process lines."""
    return ONCE_PER_PROCESS.sub("", normalise(output, measured))
