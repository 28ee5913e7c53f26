"""A static file server for the built site that compresses as GitHub Pages does (for `make bench`).

Lighthouse reads the site through it.

`python -m http.server` sends every file uncompressed, which makes a page look several times heavier and
slower than readers get it. GitHub Pages answers a request that accepts gzip with a gzipped body
(Content-Encoding: gzip) for text types, and caches for ten minutes; this server does the same.

    python bench/lighthouse/serve_gzip.py SITE_DIR PORT     # binds 127.0.0.1 only
"""

from __future__ import annotations

import gzip
import http.server
import io
import sys
from functools import lru_cache, partial
from pathlib import Path
from urllib.parse import urlsplit

COMPRESSED = ("text/", "application/javascript", "application/json", "image/svg+xml", "application/xml")


@lru_cache(maxsize=512)
def gzipped(path: str, mtime_ns: int) -> bytes:
    return gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as browsers get from the host

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not urlsplit(self.path).path.endswith("/"):
                return super().send_head()  # the redirect to the folder's URL with a slash
            path = path / "index.html"
        kind = self.guess_type(str(path))
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (path.is_file() and accepts and kind.startswith(COMPRESSED)):
            return super().send_head()
        body = gzipped(str(path), path.stat().st_mtime_ns)
        self.send_response(200)
        self.send_header("Content-Type", kind + ("; charset=utf-8" if kind.startswith("text/") else ""))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=600")  # what GitHub Pages sends
        super().end_headers()

    def log_message(self, format, *args):  # quiet: Lighthouse makes hundreds of requests
        pass


def main() -> None:
    site, port = sys.argv[1], int(sys.argv[2])
    handler = partial(Handler, directory=site)
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        server.serve_forever()


if __name__ == "__main__":
    main()
