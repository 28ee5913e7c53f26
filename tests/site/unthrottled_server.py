"""The built site's files on 127.0.0.1, as `python -m http.server` serves them, with one more header for
LinkChecker: `LinkChecker`, its documented sign that a server allows more than 10 requests a second.

Without it, LinkChecker waits a random 0.1 to 0.6 s before each request to a host, to be polite to other
people's servers: measured 2026-12-07, the crawl of the whole site took 385 s of wall time and 32 s of CPU.
This server is ours and local, so the link test sends the header and allows many requests a second.

    python tests/site/unthrottled_server.py PORT FOLDER     # binds 127.0.0.1 only
"""

import http.server
import sys
from functools import partial


class Handler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("LinkChecker", "unthrottled")
        super().end_headers()

    def log_message(self, format, *args):  # quiet: the crawl makes a thousand requests
        pass


def main() -> None:
    port, folder = int(sys.argv[1]), sys.argv[2]
    handler = partial(Handler, directory=folder)
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        server.serve_forever()


if __name__ == "__main__":
    main()
