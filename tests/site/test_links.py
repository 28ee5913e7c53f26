"""Every internal link and anchor of the built site works: checked statically over the built HTML in every
`make test` (tests/site/static_links.py), and by a real link checker (LinkChecker) in `make test-all`.

LinkChecker crawls the site served on 127.0.0.1 from the home page, fetching every page and asset it links
to and, with its AnchorCheck plugin, finding the target of every #anchor. External links are never fetched
(the build machine has no network): they are listed in test-artifacts/links/external.txt for a human.

Code blocks carry no per-line anchors (mkdocs.yml leaves pymdownx.highlight's anchor_linenums off: about ten
thousand links nobody follows, each one more element for the browser, and LinkChecker would re-download the
page for every one of them); a test here keeps it that way.
"""

from __future__ import annotations

import csv
import io
import re
import subprocess
import sys
import urllib.request
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from api_links import DOCS as API_DOCS

from tests.site.conftest import serving
from tests.site.static_links import check_links

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "links"
# LinkChecker's own command line and checks; tests/site/linkchecker_run.py says what it changes and why.
LINKCHECKER = [sys.executable, str(Path(__file__).with_name("linkchecker_run.py"))]
SITE_URL = "http://127.0.0.1:8000/"  # mkdocs.yml's site_url when SITE_URL is unset, as in the tests
# maxrequestspersecond above 10 counts only for a server that sends the `LinkChecker` header, as ours does
# (tests/site/unthrottled_server.py); any other host keeps LinkChecker's 0.1-0.6 s wait per request.
CONFIG = """\
[checking]
maxrequestspersecond=1000
[filtering]
checkextern=0
[AnchorCheck]
"""
SERVER = Path(__file__).with_name("unthrottled_server.py")
CODE_LINE_LINK = re.compile(r'href="#(__codelineno-[\w-]+)"')

pytestmark = pytest.mark.site


def linkcheck(base: str, tmp_path: Path, timeout: int) -> list[dict]:
    """Run LinkChecker from `base`; one dict per URL it met (its CSV columns: url, parentname, result,
    valid, warningstring, infostring, ...)."""
    config = tmp_path / "linkcheckerrc"
    config.write_text(CONFIG, encoding="utf-8")
    proc = subprocess.run(
        [*LINKCHECKER, "--config", str(config), "--no-status", "--verbose", "--output", "csv", base],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    # Exit status 1 means "found errors", which the tests read from the rows; anything else is a failure.
    assert proc.returncode in (0, 1), f"linkchecker failed ({proc.returncode}):\n{proc.stderr[-3000:]}"
    body = proc.stdout[proc.stdout.index("urlname;") :]
    body = "\n".join(line for line in body.splitlines() if not line.startswith("# Stopped checking"))
    return list(csv.DictReader(io.StringIO(body), delimiter=";"))


def unthrottled(folder: Path):
    """The base URL of `folder` served by tests/site/unthrottled_server.py; stopped by its PID."""
    return serving(lambda port: [sys.executable, str(SERVER), str(port), str(folder)])


def is_local(url: str, base: str) -> bool:
    return url.startswith(base)


def problems(rows: list[dict], base: str) -> list[str]:
    """Broken internal links: invalid results (404, …) and warnings (an anchor that is not on its page)."""
    return [
        f"{r['url']} (on {r['parentname'] or 'the start page'}): {r['result']} {r['warningstring']}".strip()
        for r in rows
        if is_local(r["url"], base) and (r["valid"] != "True" or r["warningstring"])
    ]


def test_every_internal_link_and_anchor_resolves(built_site):
    report = check_links(built_site)
    broken = [f"{page}: {url} ({why})" for page, url, why in report.broken]
    assert not broken, "broken links:\n" + "\n".join(broken)
    assert report.links > 1000 and report.anchors > 100, report  # it really read the pages
    # external links are listed, not fetched: the generated links to the official API docs among them
    api = [url for _, url in report.external if url.startswith(API_DOCS)]
    assert len(api) > 100, f"only {len(api)} links to {API_DOCS}"


# A tiny built site: one missing page (linked from a page in a folder), one missing anchor, and links the
# checker must accept (a folder's index.html, a root-absolute path, an encoded Chinese id, external URLs).
STATIC_TREE = {
    "index.html": """<h1 id="top">t</h1><a href="guide/#setup">ok</a> <a href="guide/#nowhere">bad anchor</a>
<a href="#top">top</a> <a href="guide/#%E5%BC%A0%E9%87%8F">zh</a> <img src="/img/pic.png" alt="">
<a href="https://example.org/docs">external</a> <a href="mailto:someone@example.org">mail</a>
<a href="pytorch-notes-offline.zip" download>zip</a>""",
    "guide/index.html": """<h2 id="setup">s</h2><h2 id="张量">z</h2>
<a href="../index.html#top">back</a> <a href="../gone.html">gone</a>""",
    "img/pic.png": "",
}


def test_the_static_checker_reports_a_missing_page_and_a_missing_anchor(tmp_path):
    for name, text in STATIC_TREE.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    report = check_links(tmp_path)
    assert [(page, url) for page, url, _ in report.broken] == [
        ("guide/index.html", "../gone.html"),
        ("index.html", "guide/#nowhere"),
    ], report.broken
    assert (report.links, report.anchors) == (7, 5), report  # the external and zip links were skipped
    assert report.external == [("index.html", "https://example.org/docs")], report.external  # counted


@pytest.mark.exhaustive
@pytest.mark.timeout(1500)  # the session build may come first; a throttled crawl took 385 s
def test_no_internal_link_or_anchor_is_broken(built_site, tmp_path):
    with unthrottled(built_site) as base:
        rows = linkcheck(base, tmp_path, timeout=1200)
    broken = problems(rows, base)
    assert not broken, "broken links:\n" + "\n".join(broken)

    # It really crawled the site: every page was fetched, and anchors were checked.
    fetched = {urlsplit(r["url"]).path for r in rows if r["result"] == "200 OK"}
    pages = {
        "/" + p.relative_to(built_site).as_posix().removesuffix("index.html")
        for p in built_site.rglob("*.html")
        if p.name != "404.html"  # reached only by a missing URL
    }
    assert pages - fetched == set(), f"pages the link checker never reached: {sorted(pages - fetched)}"
    anchors = [r for r in rows if is_local(r["url"], base) and "#" in r["url"]]
    assert len(anchors) > 100, f"only {len(anchors)} anchors checked"

    # The canonical links and the sitemap name the pages at site_url; each must be a page of this site.
    own = sorted({r["url"] for r in rows if r["url"].startswith(SITE_URL)})
    assert own, "no canonical links found"
    missing = [u for u in own if not (built_site / u.removeprefix(SITE_URL) / "index.html").is_file()]
    assert not missing, f"canonical links to pages that do not exist: {missing}"

    # External links: listed, never fetched.
    external: dict[str, set[str]] = defaultdict(set)
    for r in rows:
        url = r["url"]
        if url.startswith(("http://", "https://")) and not url.startswith((base, SITE_URL)):
            assert "checked only syntax" in r["infostring"], f"{url} was fetched: {r['result']}"
            external[url].add(urlsplit(r["parentname"]).path)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    lines = [f"{url}\t{', '.join(sorted(parents))}" for url, parents in sorted(external.items())]
    (ARTIFACTS / "external.txt").write_text(
        f"# {len(external)} external links (not fetched: no network); each with the pages linking it\n"
        + "\n".join(lines)
        + "\n",
        encoding="utf-8",
    )
    assert external, "no external links found: the listing is broken"


def test_code_blocks_carry_no_per_line_anchors(built_site):
    with_anchors = [
        page.relative_to(built_site).as_posix()
        for page in sorted(built_site.rglob("*.html"))
        if CODE_LINE_LINK.search(page.read_text(encoding="utf-8"))
    ]
    assert not with_anchors, f"per-line code anchors are back: {with_anchors[:5]}"


BROKEN_SITE = {
    "index.html": """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>
<a href="page.html#there">ok</a> <a href="page.html#nowhere">bad anchor</a> <a href="gone.html">gone</a>
<a href="page.html#also">ok</a> <a href="deep.html#top">reached only with an anchor</a>
<a href="https://example.org/docs">external</a></body></html>""",
    "page.html": """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>p</title></head><body>
<h2 id="there">There</h2><h2 id="also">Also</h2><a href="#missing">bad anchor on its own page</a>
</body></html>""",
    "deep.html": """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>d</title></head><body>
<h1 id="top">Deep</h1><a href="lost.html">gone, on a page reached only as deep.html#top</a></body></html>""",
}


@pytest.mark.exhaustive
def test_the_link_checker_catches_a_broken_link_and_a_missing_anchor(tmp_path):
    """The same checker, on a tiny site with missing pages and missing anchors, reports each: the second
    missing anchor of a page whose anchors were already read, and a missing page linked from a page that
    only an anchored link reaches. It lists the external link without fetching it."""
    folder = tmp_path / "site"
    folder.mkdir()
    for name, text in BROKEN_SITE.items():
        (folder / name).write_text(text, encoding="utf-8")
    with unthrottled(folder) as base:
        with urllib.request.urlopen(base) as answer:
            assert answer.headers["LinkChecker"] == "unthrottled"  # so LinkChecker does not wait
        rows = linkcheck(base, tmp_path, timeout=120)
    broken = problems(rows, base)
    assert len(broken) == 4, broken
    assert any(b.startswith(f"{base}gone.html ") and "404" in b for b in broken), broken
    assert any(b.startswith(f"{base}lost.html ") and "404" in b for b in broken), broken
    assert any(b.startswith(f"{base}page.html#nowhere ") and "Anchor `nowhere' " in b for b in broken), broken
    assert any(b.startswith(f"{base}page.html#missing ") and "Anchor `missing' " in b for b in broken), broken
    external = [r for r in rows if r["url"] == "https://example.org/docs"]
    assert len(external) == 1 and "checked only syntax" in external[0]["infostring"], external
