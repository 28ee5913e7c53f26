"""Give an installed visdom the JavaScript, CSS and fonts it would otherwise fetch from CDNs at start.

`python -m visdom.server` (and the `visdom` command) first runs visdom.server.build.download_scripts, which
downloads about 25 files from unpkg.com, cdn.plot.ly, d3js.org and cdnjs.cloudflare.com into the installed
package's static/ folder. Offline that start crashes, and in mainland China those hosts are often blocked.
download_scripts skips every file that is already there once static/version.built names the installed
visdom version, so this script puts exactly those files there, taken from the npm registry's tarballs
(pinned versions, checked against the registry's sha512 integrity), and writes version.built. After it, the
plain `python -m visdom.server` starts with no network at all.

    python tools/visdom_static.py                 # into the visdom of this interpreter
    NPM_REGISTRY=https://registry.npmmirror.com python tools/visdom_static.py   # a mirror (mainland China)

Tarballs are kept in .cache/npm/, so a second run (or a fresh venv) needs no network. The Makefile runs this
after installing requirements.txt.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import sys
import tarfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "npm"
REGISTRY = os.environ.get("NPM_REGISTRY", "https://registry.npmjs.org").rstrip("/")

# npm package -> (sha512 integrity from the registry, {file inside the tarball: file under visdom/static/}).
# The versions and targets are the ones visdom 0.2.4's download_scripts asks for (server/build.py); the
# plotly bundle is cdn.plot.ly's plotly-2.11.1.min.js, published on npm as plotly.js-dist-min, and
# d3js.org's d3.v3.min.js is d3 3.5.17, the last v3.
PACKAGES: dict[str, tuple[str, dict[str, str]]] = {
    "jquery@3.1.1": (
        "zuiWRmx65Kd1oFGdWLvAjbsumdOBFvs3r1vuqCyKFF79R7exBHNbiNEJ8LR+xkzgfxqBznMD/4Cv6PHXS6mvEw==",
        {"dist/jquery.min.js": "js/jquery.min.js"},
    ),
    "bootstrap@3.3.7": (
        "qcFaisBrcBhTFkz1IUnGDYnX6ZWfFzH8zOixUDtHW9Ip+r+7MfMFav2rzy7cIHc7rgIg7xjhWBoo1mS/U26j4g==",
        {
            "dist/js/bootstrap.min.js": "js/bootstrap.min.js",
            "dist/css/bootstrap.min.css": "css/bootstrap.min.css",
            "dist/fonts/glyphicons-halflings-regular.eot": "fonts/glyphicons-halflings-regular.eot",
            "dist/fonts/glyphicons-halflings-regular.woff2": "fonts/glyphicons-halflings-regular.woff2",
            "dist/fonts/glyphicons-halflings-regular.woff": "fonts/glyphicons-halflings-regular.woff",
            "dist/fonts/glyphicons-halflings-regular.ttf": "fonts/glyphicons-halflings-regular.ttf",
            "dist/fonts/glyphicons-halflings-regular.svg": (
                "fonts/glyphicons-halflings-regular.svg#glyphicons_halflingsregular"
            ),
        },
    ),
    "react@16.2.0": (
        "ZmIomM7EE1DvPEnSFAHZn9Vs9zJl5A9H7el0EGTE6ZbW9FKe/14IYAlPbC8iH25YarEQxZL+E8VW7Mi7kfQrDQ==",
        {"umd/react.production.min.js": "js/react-react.min.js"},
    ),
    "react-dom@16.2.0": (
        "zpGAdwHVn9K0091d+hr+R0qrjoJ84cIBFL2uU60KvWBPfZ7LPSrfqviTxGHWN0sjPZb2hxWzMexwrvJdKePvjg==",
        {"umd/react-dom.production.min.js": "js/react-dom.min.js"},
    ),
    "react-modal@3.1.10": (
        "7b77AGWCkdg0YOf/qcYIGCpuwbxRwOA8P3UrUovk4grUNv+idOmHovJAx/Dcd3fuwHtgixxVjpcjVG60985MSA==",
        {"dist/react-modal.min.js": "js/react-modal.min.js"},
    ),
    "plotly.js-dist-min@2.11.1": (
        "F9WWNht0D3yBLZGHbLoJNfvplXvy+GUPSsA/lCbMuYd/UwzSu6Vmyprxlps9Einw1LDS1hYBrJeioK0lE3ieXA==",
        {"plotly.min.js": "js/plotly-plotly.min.js"},
    ),
    "sjcl@1.0.7": (
        "xQbiwKfiAj6vyk44ANJ5RRymALRdRZOuRoKNYkWUU404p/RFXmMaay1Z5vRn30GJjkD+psox4Jd38jZojSuNYA==",
        {"sjcl.js": "js/sjcl.js"},
    ),
    "layout-bin-packer@1.4.0": (
        "dQOZnajbOBGIcS9YlzKrkRtMCGa2oEpyf1zGRn93suphSvPclJe54Sbgtb053GJ21DUk84IBzaeQvjn+Gb10fA==",
        {
            "dist/layout-bin-packer.js": "js/layout_bin_packer.js",
            "dist/layout-bin-packer.js.map": "js/layout-bin-packer.js.map",
        },
    ),
    "d3@3.5.17": (
        "yFk/2idb8OHPKkbAL8QaOaqENNoMhIaSHZerk3oQsECwkObkCpJyjYwCe+OHiq6UEdhe1m8ZGARRRO3ljFjlKg==",
        {"d3.min.js": "js/d3.v3.min.js"},
    ),
    "d3-selection-multi@1.0.1": (
        "mEnRkJ6A+Otd1LuRPV3az+s/RLDmIEhuz/MnT21O2nPcWNH7wZotdIlRjMA4Wpr+n7AESQ5fD8v1J3nL2Mnw9g==",
        {"build/d3-selection-multi.js": "js/d3-selection-multi.v1.js"},
    ),
    "save-svg-as-png@1.4.17": (
        "7QDaqJsVhdFPwviCxkgHiGm9omeaMBe1VKbHySWU6oFB2LtnGCcYS13eVoslUgq6VZC6Tjq/HddBd1K6p2PGpA==",
        {"lib/saveSvgAsPng.js": "js/saveSvgAsPng.js"},
    ),
    "react-resizable@1.4.6": (
        "4zLORO51u0/mlDsrVCAA4p266d+3mb2ZMNdiWOotAh/PdnfrRzZhgePmKE08PSQatXVIfMjmyD+Sapay8tmxdQ==",
        {"css/styles.css": "css/react-resizable-styles.css"},
    ),
    "react-grid-layout@0.16.3": (
        "ytP92EqUjqcFhGzvdeKrK610dQ04GdFwRCWtD6PoeL5wR3liETcFISO7k8RBqnosV86JtXf/DwIfrL0COLs0gg==",
        {"css/styles.css": "css/react-grid-layout-styles.css"},
    ),
    "classnames@2.2.5": (  # unpkg answers the bare package URL with its main file
        "DTt3GhOUDKhh4ONwIJW4lmhyotQmV2LjNlGK/J2hkwUcqcbKkCLAdJPtxQnxnlc7SR3f1CEXCyMmc7WLUsWbNA==",
        {"index.js": "fonts/classnames"},
    ),
    "mathjax@2.7.5": (  # the eight files download_scripts takes from cdnjs
        "OzsJNitEHAJB3y4IIlPCAvS0yoXwYjlo2Y4kmm9KQzyIBZt2d8yKRalby3uTRNN4fZQiGL2iMXjpdP1u2Rq2DQ==",
        {
            f"{name}": f"js/mathjax/2.7.5/{name}"
            for name in (
                "MathJax.js",
                "config/Safe.js",
                "config/TeX-AMS-MML_HTMLorMML.js",
                "extensions/Safe.js",
                "jax/output/SVG/fonts/TeX/fontdata.js",
                "jax/output/SVG/jax.js",
                "jax/output/SVG/fonts/TeX/Size1/Regular/Main.js",
                "jax/output/SVG/config.js",
            )
        },
    ),
}


def tarball(spec: str, integrity: str) -> bytes:
    """The package's .tgz, from .cache/npm/ or the registry, verified against its sha512 integrity."""
    name, version = spec.rsplit("@", 1)
    cached = CACHE / f"{name}-{version}.tgz"
    data = cached.read_bytes() if cached.exists() else None
    if data is None:
        url = f"{REGISTRY}/{name}/-/{name.split('/')[-1]}-{version}.tgz"
        with urllib.request.urlopen(url, timeout=120) as response:
            data = response.read()
    digest = base64.b64encode(hashlib.sha512(data).digest()).decode()
    if digest != integrity:
        cached.unlink(missing_ok=True)
        raise SystemExit(f"{spec}: sha512 {digest} does not match the pinned integrity {integrity}")
    if not cached.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        cached.write_bytes(data)
    return data


def install(static: Path, version: str) -> list[str]:
    """Write every file into `static` (visdom's static/ folder) and mark it built; the paths written."""
    written = []
    for spec, (integrity, files) in PACKAGES.items():
        with tarfile.open(fileobj=io.BytesIO(tarball(spec, integrity)), mode="r:gz") as tar:
            for inside, target in files.items():
                member = tar.extractfile(f"package/{inside}")
                if member is None:
                    raise SystemExit(f"{spec}: no file {inside} in the tarball")
                dest = static / target
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.write_bytes(member.read())
                written.append(target)
    (static / "version.built").write_text(version, encoding="utf-8")
    return written


def main() -> int:
    import visdom
    from visdom.utils.shared_utils import get_visdom_path

    static = Path(get_visdom_path("static"))
    written = install(static, visdom.__version__)
    print(f"visdom {visdom.__version__}: {len(written)} static files in {static}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
