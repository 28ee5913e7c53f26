"""Real-browser smoke test: Debian's Chromium, driven by Playwright, reads the built site as a reader does.

It checks both Tensors pages (title, language, code with its build-time output), that the language switcher
keeps the reader on the same page, that search finds Chinese and English words, and that no request leaves
127.0.0.1 (the site must work offline and from mainland China: no CDN, no Google Fonts). Full-page
screenshots go to test-artifacts/browser/ for a human to look at. Each test also fails on a JavaScript error.
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "browser"
CHROMIUM = Path("/usr/bin/chromium")  # Debian's package (`make browser-deps`); never `playwright install`
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
LOCAL_HOST = "127.0.0.1"
TIMEOUT_MS = 10_000  # a local static site answers in milliseconds; fail fast instead of hanging

pytestmark = pytest.mark.slow


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("data", "blob") or parts.hostname == LOCAL_HOST


@dataclass
class Browser:
    """One Chromium page in a fresh profile, with a record of every request it (and its workers) made."""

    base: str
    page: object
    requests: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)  # "404 http://..." for responses >= 400
    page_errors: list[str] = field(default_factory=list)

    def open(self, path: str) -> None:
        response = self.page.goto(self.base + path, wait_until="load")
        assert response is not None and response.ok, f"{path}: HTTP {response and response.status}"

    def path(self) -> str:
        return urlsplit(self.page.url).path

    def h1(self) -> str:
        # Material appends a "¶" permalink to headings (toc permalink: true).
        return self.page.locator("article h1").first.inner_text().removesuffix("¶").strip()

    def screenshot(self, name: str) -> Path:
        target = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(target), full_page=True)
        return target

    def search(self, query: str) -> list[str]:
        """Type `query` into Material's search box; return the hrefs of the result entries."""
        box = self.page.locator("input.md-search__input")
        box.click()  # on a desktop-wide viewport the box sits in the header; this also opens the dialog
        box.fill(query)
        # Material re-runs the query on keyup. fill() (like an IME committing 张量) inserts text without one,
        # so end with a key that leaves the text alone, as a reader's last keystroke would.
        box.press("End")
        items = self.page.locator(".md-search-result__item")
        items.first.wait_for(state="visible")
        return [a.get_attribute("href") or "" for a in self.page.locator(".md-search-result__item a").all()]

    def switch_language(self, hreflang: str) -> None:
        """Open the header's language selector and follow the link for `hreflang`."""
        selector = self.page.locator("header .md-select")
        selector.locator("button").hover()  # the list opens on hover / focus
        link = selector.locator(f"a.md-select__link[hreflang='{hreflang}']")
        link.wait_for(state="visible")
        with self.page.expect_navigation(wait_until="load"):
            link.click()


@pytest.fixture(scope="module")
def browser(served_site):
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():  # a missing browser is a setup error, never a silent skip
        pytest.fail(f"{CHROMIUM} missing: run `make browser-deps` (make test does)")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    profile = tempfile.mkdtemp(prefix="pytorch-notes-chromium-")
    try:
        with sync_playwright() as pw:
            context = pw.chromium.launch_persistent_context(
                profile,
                executable_path=str(CHROMIUM),
                headless=True,
                args=CHROMIUM_ARGS,
                viewport={"width": 1280, "height": 900},
                locale="zh-CN",
                service_workers="block",
            )
            try:
                context.set_default_timeout(TIMEOUT_MS)
                page = context.pages[0] if context.pages else context.new_page()
                b = Browser(base=served_site, page=page)

                def route(route):
                    url = route.request.url
                    if is_local(url):
                        route.continue_()
                    else:
                        b.blocked.append(url)
                        route.abort("blockedbyclient")

                # Context-level, so the search web worker's fetches (index, lunr languages) count too.
                context.route("**/*", route)
                context.on("request", lambda r: b.requests.append(r.url))
                context.on("response", lambda r: r.status >= 400 and b.failed.append(f"{r.status} {r.url}"))
                page.on("pageerror", lambda e: b.page_errors.append(str(e)))
                yield b
            finally:
                context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(autouse=True)
def stays_local(browser):
    """Every test also fails on its own if it sent anything off 127.0.0.1 or hit a script error."""
    seen, errors = len(browser.requests), len(browser.page_errors)
    yield
    foreign = [u for u in browser.requests[seen:] if not is_local(u)]
    assert not foreign, f"requests left {LOCAL_HOST}: {foreign}"
    assert not browser.page_errors[errors:], f"JavaScript errors: {browser.page_errors[errors:]}"


@pytest.mark.parametrize(
    ("path", "lang", "title", "output_title"),
    [("tensors/", "zh", "张量", "输出"), ("en/tensors/", "en", "Tensors", "Output")],
    ids=["zh", "en"],
)
def test_tensors_page(browser, path, lang, title, output_title):
    browser.open(path)
    page = browser.page
    assert browser.h1() == title
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("article .highlight").count() >= 2, "expected a code block and its output block"
    filenames = [t.strip() for t in page.locator("article .highlight span.filename").all_inner_texts()]
    assert output_title in filenames, f"no output block titled {output_title!r}; block titles: {filenames}"
    # The first output block comes after (below) some code block, in document order.
    blocks_before_output = page.locator("article .highlight").evaluate_all(
        """(blocks, title) => blocks.findIndex(
               b => b.querySelector(':scope > span.filename')?.textContent.trim() === title)""",
        output_title,
    )
    assert blocks_before_output > 0, f"no code block above the first {output_title!r} block"
    browser.screenshot(f"{lang}-tensors")


def test_language_switcher_keeps_the_page(browser):
    browser.open("tensors/")
    browser.switch_language("en")
    assert browser.path() == "/en/tensors/", f"zh -> en landed on {browser.page.url}"
    assert browser.h1() == "Tensors"

    browser.switch_language("zh")
    assert browser.path() == "/tensors/", f"en -> zh landed on {browser.page.url}"
    assert browser.h1() == "张量"


def test_search_finds_chinese_words(browser):
    browser.open("tensors/")
    hrefs = browser.search("张量")
    assert any(urlsplit(h).path == "/tensors/" for h in hrefs), f"张量 did not find the Tensors page: {hrefs}"
    assert not [h for h in hrefs if urlsplit(h).path.startswith("/en/")], f"en pages in zh results: {hrefs}"
    browser.screenshot("zh-search-zhangliang")


def test_search_finds_english_words(browser):
    browser.open("en/tensors/")
    hrefs = browser.search("tensor")
    assert any(urlsplit(h).path == "/en/tensors/" for h in hrefs), f"tensor did not find en/tensors/: {hrefs}"
    assert all(urlsplit(h).path.startswith("/en/") for h in hrefs), f"zh pages in en results: {hrefs}"
    browser.screenshot("en-search-tensor")


def test_home_pages_and_dark_mode(browser):
    browser.open("")
    assert browser.page.locator("html").get_attribute("lang") == "zh"
    browser.screenshot("zh-home")
    browser.open("en/")
    assert browser.page.locator("html").get_attribute("lang") == "en"
    browser.screenshot("en-home")

    # Material's palette toggle: the visible label switches light (default) -> dark (slate).
    browser.open("tensors/")
    page = browser.page
    assert page.locator("body").get_attribute("data-md-color-scheme") == "default"
    page.locator("form[data-md-component='palette'] label.md-header__button:visible").click()
    page.wait_for_function("document.body.getAttribute('data-md-color-scheme') === 'slate'")
    browser.screenshot("zh-tensors-dark")
    # Put the palette back (it is remembered in localStorage) so the order of tests does not matter.
    page.locator("form[data-md-component='palette'] label.md-header__button:visible").click()
    page.wait_for_function("document.body.getAttribute('data-md-color-scheme') === 'default'")


def test_no_failed_request_and_the_search_worker_stays_local(browser):
    """Across every navigation of this module nothing failed; the autouse stays_local fixture checks that
    each test's requests stayed on 127.0.0.1, and this one makes sure that covered the search web worker."""
    browser.open("")  # never vacuous, even when run on its own
    browser.page.wait_for_load_state("networkidle")  # the search worker loads lunr after the page's load
    assert any("/assets/javascripts/lunr/" in u for u in browser.requests), browser.requests
    assert not browser.blocked, f"blocked requests: {browser.blocked}"
    # No failed request at all: a 404 here (e.g. a sitemap probe from <link rel="alternate">, which
    # hooks/language_switch.py removes) means a broken asset or a switcher that depends on redirects.
    assert not browser.failed, f"failed requests: {browser.failed}"
