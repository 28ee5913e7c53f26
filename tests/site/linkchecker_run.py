"""LinkChecker as tests/site/test_links.py runs it: its own command line and checks, with three changes.

- It keeps the user it was started as. Run as root, LinkChecker switches to `nobody` before it loads its
  plugins; in a checkout only root can read (a clone under /root, or in a `mktemp -d` folder), `nobody`
  cannot import AnchorCheck, and every anchor would pass unchecked without a word. It only ever talks to
  our own 127.0.0.1 server.
- Each page's anchors are read once. With AnchorCheck on, LinkChecker takes page#a and page#b for two URLs
  and downloads and parses the whole page for each: the site's 2,000-odd heading links made that most of
  the crawl. Here the anchors found in a page the first time are kept, and every later anchor of the same
  page is looked up in that same list, by AnchorCheck's own lookup.
- A URL with an anchor is not searched for links again: its page is the page without the anchor, which is
  queued instead (LinkChecker checks each URL once, so the page is crawled once, whichever link reached
  it first).
"""

import sys
import threading
import urllib.parse

from linkcheck.checker import urlbase
from linkcheck.command import linkchecker
from linkcheck.htmlutil import linkparse
from linkcheck.plugins import anchorcheck

ANCHORS: dict[str, anchorcheck.UrlAnchorCheck] = {}  # page URL without its fragment -> its anchors
LOCK = threading.Lock()  # LinkChecker checks URLs on several threads
crawl_for_links = urlbase.UrlBase.allows_recursion


def page_of(url: str) -> str:
    return urllib.parse.urldefrag(url).url


def check_anchor(plugin: anchorcheck.AnchorCheck, url_data: urlbase.UrlBase) -> None:
    """AnchorCheck.check, with the anchors of each page collected once."""
    page = page_of(url_data.url)
    with LOCK:
        anchors = ANCHORS.get(page)
    if anchors is None:
        anchors = anchorcheck.UrlAnchorCheck()
        linkparse.find_links(url_data.get_soup(), anchors.add_anchor, linkparse.AnchorTags)
        with LOCK:
            ANCHORS[page] = anchors
    anchors.check_anchor(url_data)


def allows_recursion(url_data: urlbase.UrlBase) -> bool:
    """Crawl a page once: a URL with an anchor queues its page instead of being searched for links."""
    if url_data.anchor:
        url_data.add_url(page_of(url_data.url))
        return False
    return crawl_for_links(url_data)


def main() -> int:
    linkchecker.drop_privileges = lambda: None
    anchorcheck.AnchorCheck.check = check_anchor
    urlbase.UrlBase.allows_recursion = allows_recursion
    sys.argv[0] = "linkchecker"
    return linkchecker.linkchecker()


if __name__ == "__main__":
    sys.exit(main())
