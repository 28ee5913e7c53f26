"""Print the pins of a requirements file that have no wheel or sdist in a folder, one `name==version` a line.

    python tools/missing_wheels.py requirements.txt ~/.cache/pytorch-notes/wheels

Files are matched by the names wheels and sdists are given (`name-version-...whl`, `name-version.tar.gz`,
the name normalised as PEP 503 does); pip checks their contents when it installs them.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path


def normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def pins(requirements: Path) -> list[str]:
    """The `name==version` lines of a requirements file, comments and blank lines left out."""
    found = []
    for line in requirements.read_text(encoding="utf-8").splitlines():
        pin = line.split("#")[0].strip()
        if pin:
            found.append(pin)
    return found


def missing(requirements: Path, folder: Path) -> list[str]:
    have = set()
    for file in folder.iterdir():
        parts = file.name.removesuffix(".tar.gz").split("-")
        if len(parts) >= 2:
            have.add((normalised(parts[0]), parts[1]))
    absent = []
    for pin in pins(requirements):
        name, version = pin.split("==")
        if (normalised(name), version) not in have:
            absent.append(pin)
    return absent


if __name__ == "__main__":
    for pin in missing(Path(sys.argv[1]), Path(sys.argv[2])):
        print(pin)
