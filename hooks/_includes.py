"""The include syntax of the pages (pymdownx.snippets), defined once for the hooks and the tests.

A page shows a file with a line `--8<-- "path"`, or part of it with `--8<-- "path:section"`, where the file
marks the section with `# --8<-- [start:section]` and `# --8<-- [end:section]` lines.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# One include line; `target` is what stands between the quotes ("path" or "path:section").
INCLUDE_LINE = re.compile(
    r'^(?P<indent>[ \t]*)--8<-- "(?P<target>(?P<path>[^":]+)(?::(?P<section>[^"]+))?)"[ \t]*$', re.M
)
SECTION_MARK = re.compile(r"^[ \t]*# --8<-- \[(?P<kind>start|end):(?P<name>[\w-]+)\][ \t]*$")


def include_fence(path: str = r'[^":]+') -> re.Pattern:
    """A Python fence whose whole body is one include of a file matching `path` (optionally a :section):
    groups open (the opening line), indent, fence, body (the rest), path, section."""
    return re.compile(
        r"^(?P<open>(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})python\b[^\n]*)\n"
        rf'(?P<body>(?P=indent)--8<-- "(?P<path>{path})(?::(?P<section>[^"]+))?"[ \t]*\n'
        r"(?P=indent)(?P=fence)[ \t]*)$",
        re.M,
    )


INCLUDE_FENCE = include_fence()
SNIPPET_FENCE = include_fence(r'snippets/[^":]+\.py')  # the fences the build adds an output under


def section_text(path: str | Path, section: str | None = None) -> str:
    """The text an include shows: the file (relative to the checkout, or absolute), or the lines between its
    section's marks; section marks themselves never show."""
    return section_of((ROOT / path).read_text(encoding="utf-8"), path, section)


def section_of(text: str, path: str | Path, section: str | None = None) -> str:
    """`section_text` of a file whose text is `text` (another language's page shows the file translated)."""
    lines = text.splitlines()
    if section is not None:
        marks: dict[str, int] = {}
        for i, line in enumerate(lines):
            if (m := SECTION_MARK.match(line)) and m["name"] == section:
                marks.setdefault(m["kind"], i)
        if marks.keys() != {"start", "end"} or marks["end"] < marks["start"]:
            raise ValueError(f"{path}: no section {section!r} (# --8<-- [start:{section}] … [end:{section}])")
        lines = lines[marks["start"] + 1 : marks["end"]]
    return "\n".join(line for line in lines if not SECTION_MARK.match(line))
