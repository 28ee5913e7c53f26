"""Put KaTeX (the formula renderer the site serves itself: no CDN) into .cache/katex/, from the npm tarball.

    python tools/katex_static.py       # the Makefile runs it with the venv; NPM_REGISTRY picks a mirror

The tarball (pinned version, checked against the registry's sha512 integrity) is kept in .cache/npm/ like
visdom's assets (tools/visdom_static.py), so later runs need no network. Only what a page needs is kept:
katex.min.js, the auto-render extension, the stylesheet and its woff2 fonts (every browser the site supports
reads woff2, so the stylesheet's woff/ttf fallbacks are dropped from it). hooks/formulas.py copies the folder
into the built site and links it from the pages that hold a formula.
"""

from __future__ import annotations

import io
import re
import shutil
import sys
import tarfile
from pathlib import Path

from visdom_static import CACHE, tarball

SPEC = "katex@0.19.1"
INTEGRITY = "jG8uKntjSEcm2EpQOh0XturpPuuC9r3Sq5HLHdsFdWZT27E672SF19QEi+of0/YeOy15lDgRhKvr5614uRrEfA=="
TARGET = CACHE.parent / "katex"
FILES = ("dist/katex.min.js", "dist/contrib/auto-render.min.js", "dist/katex.min.css")
FALLBACKS = re.compile(
    r',url\(fonts/[\w-]+\.woff\) format\("woff"\),url\(fonts/[\w-]+\.ttf\) format\("truetype"\)'
)


def install(target: Path = TARGET) -> list[str]:
    """Extract the files into `target` (replaced whole); the paths written, relative to it."""
    stamp = target / "version"
    if stamp.exists() and stamp.read_text(encoding="utf-8") == SPEC:
        return []
    shutil.rmtree(target, ignore_errors=True)
    written = []
    with tarfile.open(fileobj=io.BytesIO(tarball(SPEC, INTEGRITY)), mode="r:gz") as tar:
        fonts = [
            m.name for m in tar.getmembers() if re.fullmatch(r"package/dist/fonts/[\w-]+\.woff2", m.name)
        ]
        for inside in [*(f"package/{f}" for f in FILES), *fonts]:
            data = tar.extractfile(inside).read()
            name = inside.removeprefix("package/dist/")
            if name == "katex.min.css":
                data, count = FALLBACKS.subn("", data.decode("utf-8"))
                if count != len(fonts):
                    raise SystemExit(
                        f"{SPEC}: expected {len(fonts)} font fallbacks in katex.min.css, found {count}"
                    )
                data = data.encode("utf-8")
            dest = target / name
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(data)
            written.append(name)
    stamp.write_text(SPEC, encoding="utf-8")
    return written


if __name__ == "__main__":
    files = install()
    print(
        f"KaTeX: {len(files)} files in {TARGET}" if files else f"KaTeX: {TARGET} is up to date",
        file=sys.stderr,
    )
