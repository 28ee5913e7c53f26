"""The browser the real-browser tests and `make bench` drive: Debian's Chromium (`make browser-deps`), never a
browser `playwright install` downloads, started with the flags that keep it from reaching any host."""

from __future__ import annotations

from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
