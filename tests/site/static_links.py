"""A static link checker for a built site: every internal href/src of every HTML file resolves to a file of
the site, and every #anchor to an id (or <a name>) of the page it points at. No server, no network: each HTML
file is parsed exactly once (LinkChecker's crawl in tests/site/test_links.py is the slow second opinion)."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from offline_copy import ZIP_NAME  # only a build with the offline copy has it (the home page links it)


class _Page(HTMLParser):
    """The ids a page defines and the URLs it links or loads."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is None:
                continue
            if name == "id" or (tag == "a" and name == "name"):
                self.ids.add(value)
            elif name in ("href", "src"):
                self.urls.append(value)


def _internal(url: str) -> bool:
    parts = urlsplit(url)
    # external (http, https, mailto, data, javascript, …) and protocol-relative URLs are not ours to check
    return not (parts.scheme or parts.netloc) and not parts.path.endswith(ZIP_NAME)


def _target(site: Path, page: Path, path: str) -> Path:
    """The file a URL path leads to, as a static server would serve it (a folder serves its index.html)."""
    path = unquote(path)
    target = (site / path.lstrip("/") if path.startswith("/") else page.parent / path) if path else page
    return (target / "index.html" if path.endswith("/") or target.is_dir() else target).resolve()


@dataclass
class LinkReport:
    links: int = 0  # internal URLs checked
    anchors: int = 0  # of them, with a #fragment checked against the target's ids
    broken: list[tuple[str, str, str]] = field(default_factory=list)  # (page, URL as written, why)
    # http(s) links to other sites (the official API docs that hooks/api_links.py makes, …): listed and
    # counted, never fetched (no network)
    external: list[tuple[str, str]] = field(default_factory=list)  # (page, URL)


def check_links(site: Path) -> LinkReport:
    """Every internal link of every HTML file under `site` that leads nowhere: a missing file (or one
    outside the site), or an anchor its target page does not define. Pages are named relative to `site`."""
    site = site.resolve()
    pages: dict[Path, _Page] = {}
    for file in sorted(site.rglob("*.html")):
        pages[file] = _Page()
        pages[file].feed(file.read_text(encoding="utf-8"))
        pages[file].close()
    report = LinkReport()
    for file, parsed in pages.items():
        rel = file.relative_to(site).as_posix()
        report.external += [(rel, url) for url in parsed.urls if urlsplit(url).scheme in ("http", "https")]
        for url in filter(_internal, parsed.urls):
            report.links += 1
            parts = urlsplit(url)
            target = _target(site, file, parts.path)
            if not target.is_file() or not target.is_relative_to(site):
                report.broken.append((rel, url, "no such file in the site"))
            elif parts.fragment and target in pages:
                report.anchors += 1
                if unquote(parts.fragment) not in pages[target].ids:
                    report.broken.append((rel, url, f"no id {unquote(parts.fragment)!r} on that page"))
    return report
