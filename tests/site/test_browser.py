"""Real-browser tests: Debian's Chromium, driven by Playwright, reads the built site as readers do.

Every page of the nav, in zh (`make test`) and in en (`make test-all`; the title, nav entry and language links
of every English page are checked in `make test` from the built HTML); the list comes from mkdocs.yml's nav,
checked against the nav the built site shows: - renders: its title as H1 and as the nav's active entry,
formulas typeset by KaTeX, figures loaded and zooming; a notebook page shows cells, outputs and its download
button (that every included file is a code block with its output under it is in the HTML the build wrote:
tests/site/test_build.py); - the language switcher points at the same page in the other language; - axe-core
(every rule tagged WCAG 2.0/2.1 A and AA) finds nothing in the light scheme, and its colour rules find nothing
in the dark one on a sample of pages that together hold every kind of element (dark_sample: the same page,
switched with Material's palette toggle once the light run is over); - at a 375 px wide
viewport the page itself never scrolls sideways (code and tables scroll in their boxes); - with SCREENSHOTS=1
a full-page screenshot goes to test-artifacts/browser/<lang>-<page>.png for a human to look at. Then: search
finds a chapter first by its own name and the page that teaches a word among the first three, and stays in the
reader's language; the search dialog with results passes axe in both schemes; notebook results show prose and
not code; notebook cells reserve at least their rendered height (and, in `make test-all`, notebook pages look
the same with their pruned stylesheet as with the whole one); the copy button copies the snippet file, code
blocks far below the screen wait to be rendered and mounted (page speed) yet stay reachable by keyboard, the
search index waits for the page to load, the phone menu opens, dark mode toggles, the keyboard alone reaches
search, a result, the language switcher and the palette with a visible focus ring at every step, and zh pages
use a CJK font with Chinese line spacing.

Each test also fails on a request that leaves 127.0.0.1 (the site must work offline and from mainland
China: no CDN, no Google Fonts), on any response >= 400 (no sitemap probe, no missing asset), on a JavaScript
error and on a console error. One Chromium serves the whole module: a light and a dark desktop page, reused by
every test, and a phone-sized one for the menu test."""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit
from urllib.request import urlopen

import pytest
import yaml
from _comments import translated_file
from _pages import nav_files  # the hooks' own walk of the nav

from tests.site.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.site.pages import includes

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "browser"
LOCAL_HOST = "127.0.0.1"
TIMEOUT_MS = 20_000  # a local static site answers in milliseconds; axe on a long page takes seconds
SEARCH_MS = 60_000  # the first search of a page waits for the worker's index (see Browser.search)
DESKTOP = {"width": 1280, "height": 900}
PHONE_WIDTH = 375
LANGS = {"zh": "", "en": "en/"}  # URL prefix of each language
AXE_OPTIONS = {  # WCAG 2.1 AA: every axe rule tagged for levels A and AA of WCAG 2.0 and 2.1
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
    "resultTypes": ["violations"],
}
# The dark scheme changes colours only (Material swaps CSS variables); the rules of those levels that read
# colours are the ones to run again there. The rest (names, roles, ARIA, focus order) see the same document.
AXE_COLOUR_OPTIONS = {
    "runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]},
    "resultTypes": ["violations"],
}
CJK_FONTS = ("PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC", "Source Han Sans SC", "Microsoft YaHei")
INSTALLED_CJK_FONT = "Noto Sans CJK SC"  # Debian's fonts-noto-cjk, installed by `make browser-deps`

pytestmark = [pytest.mark.site, pytest.mark.browser]


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("data", "blob") or parts.hostname == LOCAL_HOST


# ---------------------------------------------------------------------------------------------------------
# The pages: mkdocs.yml's nav


class _NavLoader(yaml.SafeLoader):
    """Reads mkdocs.yml without resolving its tags (!ENV, python objects): only the nav is wanted."""


_NavLoader.add_multi_constructor("!", lambda loader, suffix, node: None)
_NavLoader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


@dataclass(frozen=True)
class Page:
    src: str  # relative to docs/<lang>/: "tensors.md", "notebooks/train-classifier.ipynb"
    path: str  # URL path under the language root: "tensors/", "" for the home page

    @property
    def slug(self) -> str:
        return self.path.strip("/").replace("/", "-") or "home"

    @property
    def notebook(self) -> bool:
        return self.src.endswith(".ipynb")


_CONFIG = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_NavLoader)


def nav_pages() -> list[Page]:
    pages = []
    for src in nav_files(_CONFIG["nav"]):
        stem = src.rsplit(".", 1)[0]
        pages.append(Page(src, "" if stem == "index" else f"{stem.removesuffix('/index')}/"))
    return pages


PAGES = nav_pages()
NAV_SECTIONS = [
    name
    for item in _CONFIG["nav"]
    if isinstance(item, dict)
    for name, v in item.items()
    if isinstance(v, list)
]
NAV_TRANSLATIONS = {"zh": {}} | {
    lang["locale"]: lang.get("nav_translations", {})
    for plugin in _CONFIG["plugins"]
    if isinstance(plugin, dict) and "i18n" in plugin
    for lang in plugin["i18n"]["languages"]
    if not lang.get("default")
}
# `make test` opens the Chinese pages of QUICK_PAGES in the browser: together they show every kind of element
# the site's articles hold (test_the_quick_pages_show_every_kind_of_element fails, naming the kind and a page
# that shows it, when a new kind appears elsewhere), so every template, style and element the browser can get
# wrong is seen in each run. Every other Chinese page and every English page is `make test-all`'s (the GitHub
# test workflow): a page outside the sample can still differ in content (a table wider than a phone), which
# is what the full tier is for. An English page has its Chinese twin's templates, styles and element kinds
# (tests/site/test_parity.py); its title, nav entry and language links are checked on every page in `make
# test` from the built HTML (test_every_page_names_itself_in_its_title_nav_and_language_links).
# Measured on 2026-12-06: the browser module was 343 of 814 test-seconds of `make test`, the 43 Chinese pages
# about 250 of them. On 2026-12-07 no page of the set showed only kinds that the others show too (not a test:
# the kinds move with the version matrix's data, which a scheduled workflow refreshes).
QUICK_PAGES = frozenset(
    {
        "index.md",
        "install.md",
        "tensors.md",
        "tensors-ops.md",
        "autograd-more.md",
        "modes.md",
        "data.md",
        "capstone.md",
        "gpus.md",
        "amp-formats.md",
        "amp.md",
        "training-script.md",
        "notebooks/tensor-linear-fit.ipynb",
        "notebooks/train-classifier.ipynb",
        "collectives.md",
        "distributed.md",
        "distributed-script.md",
        "distributed-failures.md",
        "visualization-more.md",
        "horovod.md",
        "errata.md",
        "report.md",
    }
)
PAGE_CASES = [
    pytest.param(
        lang,
        page,
        id=f"{lang}-{page.slug}",
        marks=[pytest.mark.exhaustive] if lang == "en" or page.src not in QUICK_PAGES else [],
    )
    for lang in LANGS
    for page in PAGES
]


def url_path(lang: str, page_path: str) -> str:
    return f"/{LANGS[lang]}{page_path}"


# ---------------------------------------------------------------------------------------------------------
# The browser


@dataclass
class Browser:
    """One Chromium page in its own context, with a record of what it requested and what went wrong."""

    base: str
    context: object
    page: object
    scheme_wanted: str  # Material's scheme the reader's system preference selects: "default" or "slate"
    requests: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)  # "404 http://..." for responses >= 400
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)

    def open(self, path: str) -> None:
        """Load `path` in the scheme of the system preference (a toggled palette is remembered in
        localStorage, so a test that toggled and failed could leave it behind)."""
        response = self.page.goto(self.base + path, wait_until="load")
        assert response is not None and response.ok, f"{path}: HTTP {response and response.status}"
        if self.scheme() != self.scheme_wanted:
            self.page.evaluate("localStorage.clear()")
            self.page.reload(wait_until="load")
            assert self.scheme() == self.scheme_wanted

    def path(self) -> str:
        return urlsplit(self.page.url).path

    def scheme(self) -> str:
        return self.page.locator("body").get_attribute("data-md-color-scheme")

    def h1(self) -> str:
        # Material appends a "¶" permalink to headings (toc permalink: true).
        return self.page.locator("article h1").first.inner_text().removesuffix("¶").strip()

    def screenshot(self, name: str, full_page: bool = True) -> Path | None:
        """Only on request (SCREENSHOTS=1, as CI sets it): a full-page capture costs seconds per page."""
        if os.environ.get("SCREENSHOTS") != "1":
            return None
        target = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(target), full_page=full_page)
        return target

    def toggle_palette(self, expected: str) -> None:
        """Click Material's palette toggle, as a reader does; wait until its colour transitions are over."""
        self.page.locator("form[data-md-component='palette'] label.md-header__button:visible").click()
        self.wait_for_scheme(expected)

    def wait_for_scheme(self, expected: str) -> None:
        self.page.wait_for_function(f"document.body.getAttribute('data-md-color-scheme') === '{expected}'")
        # Colours fade for a quarter second; axe must see the end state, not a frame of the fade.
        self.page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")

    def render_all(self) -> None:
        """The whole page as a reader who scrolled through it sees it: every code block mounted by Material
        (content.lazy mounts one when it comes into view) and nothing left unrendered by the page-speed rule
        (content-visibility), so that axe measures laid-out boxes and the screenshot shows every block."""
        size = self.page.viewport_size
        self.page.set_viewport_size({"width": size["width"], "height": TALL_VIEWPORT})
        try:
            self.page.evaluate(RENDER_ALL)
        finally:
            self.page.set_viewport_size(size)
        self.page.evaluate(SETTLE)

    def one_token_of_each_style(self) -> int:
        """Before axe: keep one highlighted token of each style in each kind of code box; the others become
        plain text of their code block (or highlighted line). axe's colour-contrast check costs about 2.5 ms
        an element here, and a long page has 4,000-6,000 token spans in only 20-30 distinct styles: that was
        three quarters of this test's time. A token's colours follow from its classes and those of its
        ancestors (Pygments' and the site's CSS select on nothing else), so the span kept for a (classes,
        ancestors) pair is checked as each of its twins would be, and the unwrapped text is checked in its
        block's own colour. Table cells of plain text or of one inline code get the same treatment (the
        report's tables hold about 4,000, in a handful of styles: axe took 5 s there). Returns how many
        distinct token styles are left."""
        return self.page.evaluate(ONE_TOKEN_OF_EACH_STYLE)

    def axe(self) -> list[dict]:
        self.start_axe()
        return self.axe_violations()

    def start_axe(self, options: dict = AXE_OPTIONS, within: str | None = None) -> None:
        """Start axe-core on the page (or on the elements matching the selector `within`) and return at once
        (axe_violations() waits for it), so that two pages can be checked at the same time, each in its own
        renderer process."""
        from axe_playwright_python.sync_playwright import Axe

        # Whatever ran last (the phone-wide resize, a scroll, a click) may have started a colour transition
        # in the header; axe must measure its end, not a frame of it (the search box once measured 4.05:1
        # against a background caught half-way between two schemes' colours).
        self.page.evaluate(SETTLE)
        self.page.evaluate(Axe().axe_script)
        self.page.evaluate(
            """([within, options]) => {
                   window.__axe = new Promise(done => setTimeout(done, 0))
                       .then(() => axe.run(within ? {include: [within]} : document, options))
                       .then(r => r.violations);
               }""",
            [within, options],
        )

    def axe_violations(self) -> list[dict]:
        return self.page.evaluate("() => window.__axe")

    def search(self, query: str) -> list[dict]:
        """Type `query` into Material's search box; return the result entries (href, title, text)."""
        box = self.page.locator("input.md-search__input")
        box.click()  # on a desktop-wide viewport the box sits in the header; this also opens the dialog
        items = self.page.locator(".md-search-result__item")
        if items.count():  # the last query's results: empty the box, so that what comes next is this query's
            box.fill("")
            box.press("End")
            self.page.wait_for_function("!document.querySelector('.md-search-result__item')")
        box.fill(query)
        # Material re-runs the query on keyup. fill() (like an IME committing 张量) inserts text without one,
        # so end with a key that leaves the text alone, as a reader's last keystroke would.
        box.press("End")
        try:
            # The worker builds its index once the page is idle; on a loaded 2-core runner that has taken
            # longer than the default 20 s once (CI, one run in many), so this wait alone gets a minute.
            items.first.wait_for(state="visible", timeout=SEARCH_MS)
        except Exception as error:
            state = self.page.evaluate(
                """() => ({value: document.querySelector('input.md-search__input').value,
                           open: document.querySelector('[data-md-toggle=search]').checked,
                           meta: document.querySelector('.md-search-result__meta')?.innerText})"""
            )
            raise AssertionError(
                f"no search result for {query!r}: {state}; requests: {self.requests}"
            ) from error
        return items.evaluate_all(
            """items => items.map(item => {
                   const article = item.querySelector('article');
                   const title = article.querySelector('h1, h2');
                   const rest = [...article.children].filter(e => e !== title);
                   return {href: item.querySelector('a').href, title: title ? title.innerText : '',
                           text: rest.map(e => e.innerText).join('\\n')};
               })"""
        )

    def switch_language(self, hreflang: str) -> None:
        """Open the header's language selector and follow the link for `hreflang`."""
        selector = self.page.locator("header .md-select")
        selector.locator("button").hover()  # the list opens on hover / focus
        link = selector.locator(f"a.md-select__link[hreflang='{hreflang}']")
        link.wait_for(state="visible")
        with self.page.expect_navigation(wait_until="load"):
            link.click()


def route_locally(context, b: Browser) -> None:
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


@pytest.fixture(scope="module")
def chromium():
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():  # a missing browser is a setup error, never a silent skip
        pytest.fail(f"{CHROMIUM} missing: run `make browser-deps` (make test does)")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        process = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            yield process
        finally:
            process.close()


def new_browser(chromium, base: str, color_scheme: str = "light", **context_options) -> Browser:
    context = chromium.new_context(
        locale="zh-CN", color_scheme=color_scheme, service_workers="block", **context_options
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    b = Browser(base, context, page, scheme_wanted="slate" if color_scheme == "dark" else "default")
    route_locally(context, b)
    page.on("pageerror", lambda e: b.page_errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and b.console_errors.append(f"{m.text} ({m.location})"))
    return b


@pytest.fixture(scope="module")
def browser(chromium, served_site):
    b = new_browser(chromium, served_site, viewport=DESKTOP)
    b.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=served_site.rstrip("/"))
    try:
        yield b
    finally:
        b.context.close()


@pytest.fixture(scope="module")
def dark(chromium, served_site):
    """A second desktop page whose system prefers dark: Material opens every page in its slate scheme."""
    b = new_browser(chromium, served_site, color_scheme="dark", viewport=DESKTOP)
    try:
        yield b
    finally:
        b.context.close()


@pytest.fixture
def phone(chromium, served_site):
    b = new_browser(
        chromium,
        served_site,
        viewport={"width": PHONE_WIDTH, "height": 740},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
    )
    try:
        yield b
    finally:
        b.context.close()
        assert not [u for u in b.requests if not is_local(u)], b.requests
        assert not b.failed, f"failed requests: {b.failed}"
        assert not b.page_errors + b.console_errors, b.page_errors + b.console_errors


@pytest.fixture(autouse=True)
def stays_local(browser, dark):
    """Every test also fails on its own if it sent anything off 127.0.0.1, got a response >= 400 or hit a
    JavaScript or console error, in either desktop page."""
    seen = {
        id(b): (len(b.requests), len(b.failed), len(b.page_errors), len(b.console_errors))
        for b in (browser, dark)
    }
    yield
    for b in (browser, dark):
        requests, failed, page_errors, console_errors = seen[id(b)]
        foreign = [u for u in b.requests[requests:] if not is_local(u)]
        assert not foreign, f"requests left {LOCAL_HOST}: {foreign}"
        assert not b.failed[failed:], f"failed requests: {b.failed[failed:]}"
        assert not b.page_errors[page_errors:], f"JavaScript errors: {b.page_errors[page_errors:]}"
        assert not b.console_errors[console_errors:], f"console errors: {b.console_errors[console_errors:]}"


def axe_report(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} — {len(v['nodes'])} element(s)")
        for node in v["nodes"][:5]:
            lines.append(f"    {node['target']}: {node.get('failureSummary', '').splitlines()[-1:]}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------------
# The pages axe checks in the dark scheme as well

VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class _ElementKinds(HTMLParser):
    """The kinds of element of a page's article as a stylesheet can tell them apart: each element's tag and
    classes, under its ancestors' ("article.md-content__inner.md-typeset>div.admonition.warning>p>a")."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.kinds: set[str] = set()

    def handle_starttag(self, tag, attrs):
        kind = ".".join([tag, *sorted((dict(attrs).get("class") or "").split())])
        self.kinds.add(">".join([*self.open, kind]))
        if tag not in VOID_TAGS:
            self.open.append(kind)

    def handle_endtag(self, tag):
        tags = [kind.split(".")[0] for kind in self.open]
        if tag in tags:  # also closes what HTML lets end implicitly (<p>, <li>); a stray end tag is ignored
            del self.open[len(tags) - 1 - tags[::-1].index(tag) :]


@functools.cache  # the dark sample, the quick pages' check and the dark sample's own test ask for the same
def element_kinds(site: Path, lang: str, page: Page) -> frozenset[str]:
    html = (site / LANGS[lang] / page.path / "index.html").read_text(encoding="utf-8")
    parser = _ElementKinds()
    parser.feed(html[html.index("<article") : html.index("</article>")])
    parser.close()
    return frozenset(parser.kinds)


@functools.cache
def dark_sample(site: Path) -> frozenset[tuple[str, Page]]:
    """(lang, page) pairs on which axe runs the colour rules in the dark scheme too. The dark scheme only
    swaps colours, and an element's colours follow from its classes and those of its ancestors (the argument
    of ONE_TOKEN_OF_EACH_STYLE), so pages that together show every kind of element the articles hold see
    every colour pair the site has. Chosen per language from the built HTML: the home page (where readers
    land; header and sidebars are alike on every page), then, in turn, the page showing the most kinds that
    no chosen page shows yet (a tie goes to the earlier page of the nav), until none is left. Light-scheme
    axe, with every A/AA rule, still runs on every page, and the search dialog is checked in both schemes
    (test_search_results_pass_axe_in_both_schemes)."""
    chosen = set()
    for lang in LANGS:
        kinds = {page: element_kinds(site, lang, page) for page in PAGES}
        home = next(page for page in PAGES if page.path == "")
        chosen.add((lang, home))
        left = set().union(*kinds.values()) - kinds[home]
        while left:
            page = max(PAGES, key=lambda page: len(kinds[page] & left))
            chosen.add((lang, page))
            left -= kinds[page]
    return frozenset(chosen)


def test_the_dark_sample_holds_each_kind_of_page_and_not_every_page(built_site):
    """dark_sample on the real site: in each language it holds the home page, a notebook, a figure, a formula,
    a build output and the generated errata page (its boxes and links are like no chapter's), and leaves out
    at least a third of the pages (the time it saves)."""
    sample = dark_sample(built_site)
    for lang in LANGS:
        mine = {page: element_kinds(built_site, lang, page) for other, page in sample if other == lang}
        names = sorted(page.slug for page in mine)
        assert any(page.path == "" for page in mine), f"{lang}: no home page in {names}"
        assert any(page.notebook for page in mine), f"{lang}: no notebook in {names}"
        kinds = set().union(*mine.values())
        assert any(k.endswith(">img.snippet-figure") for k in kinds), f"{lang}: no figure in {names}"
        assert any(k.endswith(">span.arithmatex") for k in kinds), f"{lang}: no formula in {names}"
        assert any(k.endswith(">div.highlight.snippet-output") for k in kinds), f"{lang}: no output: {names}"
        assert any(page.src == "errata.md" for page in mine), f"{lang}: no errata page in {names}"
        assert len(mine) <= 2 * len(PAGES) // 3, f"{lang}: {len(mine)} of {len(PAGES)} pages: {names}"


COLOURS = """() => [...document.body.querySelectorAll('*')].map(e => {
    const s = getComputedStyle(e);
    return [s.color, s.backgroundColor, s.borderTopColor, s.outlineColor, s.textDecorationColor, s.fill]
        .join();
})"""


def test_dark_sample_needs_only_the_palette_toggle(browser, dark, built_site):
    """check_page measures the dark scheme by toggling the palette on the light page it has just measured.
    That is what a reader on a dark system sees because no stylesheet of the site reads the system's
    preference (only Material's choice of palette at load does), and here the colours of every element of
    a page opened on a dark system equal those of the light page after the toggle."""
    stylesheets = [path for path in built_site.rglob("*.css") if "prefers-color-scheme" in path.read_text()]
    assert not stylesheets, [str(path.relative_to(built_site)) for path in stylesheets]
    for b in (browser, dark):
        b.open("amp/")
        b.page.add_style_tag(content=NO_TRANSITIONS)
    browser.toggle_palette("slate")
    try:
        toggled = browser.page.evaluate(COLOURS)
    finally:
        browser.toggle_palette("default")
    opened = dark.page.evaluate(COLOURS)
    assert len(opened) == len(toggled) > 1000
    differ = [i for i, (a, b) in enumerate(zip(opened, toggled, strict=True)) if a != b]
    assert not differ, f"{len(differ)} elements differ, first: {opened[differ[0]]} / {toggled[differ[0]]}"


def test_the_quick_pages_show_every_kind_of_element(built_site):
    """QUICK_PAGES, the Chinese pages `make test` opens in the browser, show together every kind of element
    that any Chinese page's article holds, and each of them is a page of the nav."""
    assert {page.src for page in PAGES} >= QUICK_PAGES, QUICK_PAGES - {page.src for page in PAGES}
    kinds = {page: element_kinds(built_site, "zh", page) for page in PAGES}
    shown = set().union(*[kinds[page] for page in PAGES if page.src in QUICK_PAGES])
    missing = sorted(set().union(*kinds.values()) - shown)
    where = [f"{kind} (on {next(page.src for page in PAGES if kind in kinds[page])})" for kind in missing]
    assert not missing, "add a page to QUICK_PAGES that shows: " + "; ".join(where)


def test_pruning_before_axe_keeps_each_style_and_each_header_once(browser):
    """ONE_TOKEN_OF_EACH_STYLE on a made-up article: of twelve cells in one style (plain text, or one inline
    code) one of each stays, so a colour too pale in that style is still found by axe, in a table that keeps
    its rows; a header repeating an earlier header's text is emptied, a header with its own text is kept;
    a link's text is never touched (it is the link's name)."""
    pale = "color: #bbb"  # about 1.9:1 on white: under WCAG AA's 4.5:1
    rows = "".join(
        f"<tr><td style='{pale}'>0.{i:02d}</td><td><code>f{i}.py</code></td>"
        f"<td><a href='#'>t{i}</a></td></tr>"
        for i in range(12)
    )
    head = "<tr><th>time</th><th>file</th><th>test</th></tr>"
    browser.page.goto("about:blank")  # set_content keeps the window: the last page's scripts would run on
    browser.page.set_content(
        "<html lang='en'><head><title>t</title></head><body><main><article>"
        f"<table>{head}{rows}</table><table>{head.replace('test', 'check')}{rows}</table>"
        "</article></main></body></html>"
    )
    try:
        browser.page.evaluate(ONE_TOKEN_OF_EACH_STYLE)
        texts = browser.page.evaluate(
            """() => [...document.querySelectorAll('table')].map(t => [...t.rows].map(r =>
                   [...r.cells].map(c => c.textContent)))"""
        )
        browser.start_axe(AXE_COLOUR_OPTIONS)
        violations = browser.axe_violations()
    finally:
        browser.page.goto("about:blank")
    first, second = texts
    assert [len(table) for table in texts] == [13, 13], "a row went missing"
    assert first[0] == ["time", "file", "test"] and second[0] == ["", "", "check"], (first[0], second[0])
    assert first[1][:2] == ["0.00", "f0.py"], first[1]
    assert all(row[:2] == ["", ""] for row in first[2:] + second[1:]), "a twin cell kept its text"
    links = [row[2] for row in first[1:] + second[1:]]
    assert links == [f"t{i}" for i in range(12)] * 2, f"a link lost its name: {links}"
    pale_cells = [v for v in violations if v["id"] == "color-contrast"]
    assert pale_cells and len(pale_cells[0]["nodes"]) == 1, axe_report(violations)


# ---------------------------------------------------------------------------------------------------------
# Every page


def page_title(lang: str, path: str) -> str:
    """The title of the Markdown page at `path` ("tensors/") in `lang`."""
    (src,) = [page.src for page in PAGES if page.path == path]
    return markdown_title(lang, src)


def markdown_title(lang: str, src: str) -> str:
    text = (ROOT / "docs" / lang / src).read_text(encoding="utf-8")
    if text.startswith("---\n"):  # YAML front matter (e.g. a search boost) comes before the title
        text = text.split("\n---\n", 1)[1].lstrip("\n")
    first = text.splitlines()[0]
    assert first.startswith("# "), f"docs/{lang}/{src} must start with a '# ' title"
    return first[2:].replace("`", "").strip()


# Before RENDER_ALL the window is made TALL_VIEWPORT pixels high, so that a few scroll positions bring every
# block into view (one per block, two frames each, took a second a page); the window gets its size back
# before SETTLE.
TALL_VIEWPORT = 6000
# Two frames, or 100 ms where a page in the background gets no frames: never wait forever.
FRAMES = """() => Promise.race([
    new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done))),
    new Promise(done => setTimeout(done, 100)),
])"""
# Code blocks Material has not mounted yet (no copy button), outside folded boxes.
UNMOUNTED_BLOCKS = """[...document.querySelectorAll('article div.highlight:not(.snippet-output)')]
    .filter(b => !b.closest('details:not([open])') && !b.querySelector('button[data-md-type=copy]'))"""
# Colours change at once, with no fade: what axe measures is a colour's end, never a frame half-way.
NO_TRANSITIONS = "*, *::before, *::after { transition: none !important }"
RENDER_ALL = (
    """async () => {
    const style = document.createElement('style');
    style.textContent = '.md-typeset > *, .jp-Notebook > .jp-Cell { content-visibility: visible !important } '
        + '"""
    + NO_TRANSITIONS
    + """';
    document.head.append(style);
    const frames = """
    + FRAMES
    + """;
    const step = Math.max(1, window.innerHeight - 100);  // overlapping views: no block falls between two
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
        window.scrollTo(0, y);
        await frames();
    }
    // A busy machine can miss a frame: any block still without its copy button is brought into view alone.
    for (let round = 0; round < 3; round++) {
        for (const block of """
    + UNMOUNTED_BLOCKS
    + """) {
            block.scrollIntoView();
            await frames();
        }
    }
    window.scrollTo(0, 0);
}"""
)
UNMOUNTED = f"() => {UNMOUNTED_BLOCKS}.length"
SETTLE = (
    """async () => {
    await ("""
    + FRAMES
    + """)();
    // Scrolling faded the header's title out and back in; axe must see the end of that fade. The resize
    // may have cancelled a transition, whose `finished` then rejects: cancelled is over, too.
    await Promise.race([
        Promise.all(document.getAnimations().map(a => a.finished.catch(() => null))),
        new Promise(done => setTimeout(done, 3000)),  // an endless animation must not hang the test
    ]);
}"""
)

ONE_TOKEN_OF_EACH_STYLE = """() => {
    const chain = element => {
        const parts = [];
        for (let e = element; e && e.tagName !== 'ARTICLE'; e = e.parentElement) {
            parts.push(e.tagName + '.' + e.className);
        }
        return parts.join('<');
    };
    const seen = new Set(), twins = [], contexts = new Map();
    for (const span of document.querySelectorAll('article pre span[class]')) {
        if (span.childElementCount) continue;  // a line wrapper (highlighted line): its tokens are the leaves
        if (span.closest('.jupyter-wrapper')) continue;  // notebook cells: JupyterLab's CSS sizes tokens too
        const parent = span.parentElement;
        if (!contexts.has(parent)) contexts.set(parent, chain(parent));
        const key = span.className + '<' + contexts.get(parent);
        if (seen.has(key)) twins.push(span); else seen.add(key);
    }
    for (const span of twins) span.replaceWith(...span.childNodes);
    // Table cells of plain text or of one inline code (the report: thousands of ✓, dates, times and file
    // names in a handful of styles) likewise: one cell per (inline style, ancestors) stays, the text of the
    // others is emptied; the rows and cells stay, and so do links (their text is their name). A header cell
    // is emptied only where an earlier one has its very text (the same columns head each table of the
    // report), so each distinct header is still measured once.
    const cells = new Set();
    for (const cell of document.querySelectorAll('article td, article th')) {
        let leaf = cell;
        const only = cell.childElementCount === 1 ? cell.firstElementChild : null;
        if (only && only.tagName === 'CODE') leaf = only;
        if (leaf.childElementCount || !leaf.textContent.trim()) continue;
        const style = cell.getAttribute('style') || '';
        const text = cell.tagName === 'TH' ? leaf.textContent : '';
        const key = leaf.tagName + '|' + text + '|' + style + '<' + chain(cell.parentElement);
        if (cells.has(key)) leaf.textContent = ''; else cells.add(key);
    }
    return seen.size;
}"""

OVERFLOW = """() => {
    const page = document.scrollingElement;
    const boxes = [...document.querySelectorAll('article pre > code, .md-typeset__scrollwrap')]
        .filter(e => e.scrollWidth > e.clientWidth + 1)
        .map(e => ({what: e.tagName + '.' + e.className, overflowX: getComputedStyle(e).overflowX}));
    return {scrollWidth: page.scrollWidth, clientWidth: page.clientWidth, innerWidth, boxes};
}"""


@pytest.mark.parametrize(("lang", "page"), PAGE_CASES)
def test_page(browser, built_site, lang, page):
    check_page(browser, built_site, lang, page)


def check_page(browser, built_site, lang: str, page: Page) -> None:
    path = url_path(lang, page.path)
    browser.open(path.lstrip("/"))
    browser.render_all()
    p = browser.page
    assert p.evaluate(UNMOUNTED) == 0, f"{path}: render_all left code blocks unmounted (no copy button)"
    assert p.locator("html").get_attribute("lang") == lang

    # Its title, as written on the page and in the nav.
    title = browser.h1()
    assert title, f"{path}: no H1"
    if not page.notebook:
        assert title == markdown_title(lang, page.src), f"{path}: H1 {title!r}"
    # The page's own link in the sidebar (inside its nav section), not an entry of its table of contents.
    active = p.locator(".md-nav--primary a.md-nav__link--active:not(.md-nav--secondary a)")
    assert urlsplit(active.evaluate("a => a.href")).path == path, f"{path}: the nav marks another page"
    if page.notebook:  # its title comes from the notebook's first heading
        assert active.inner_text().strip() == title, f"{path}: nav says {active.inner_text()!r}, H1 {title!r}"

    # A notebook page shows its cells, their outputs and a download button. (That a Markdown page shows each
    # included file, in order, with its output or notice right under it is a property of the HTML the build
    # wrote, which Material's scripts leave alone: tests/site/test_build.py checks it on every page, without
    # a browser.)
    if page.notebook:
        cells = p.locator(".jupyter-wrapper .jp-CodeCell").count()
        outputs = p.locator(".jupyter-wrapper .jp-OutputArea-output").count()
        assert cells >= 2 and outputs >= 1, f"{path}: {cells} code cells, {outputs} outputs"
        assert p.locator("a.nb-download[download]").count() == 1, f"{path}: no notebook download button"

    # Formulas are typeset by the site's own KaTeX, none in error; figures are loaded images that zoom.
    formulas = p.locator(".arithmatex")
    if formulas.count():
        p.wait_for_function("document.querySelectorAll('.arithmatex .katex').length > 0", timeout=10_000)
        assert p.locator(".arithmatex .katex").count() == formulas.count(), (
            f"{path}: a formula was not typeset"
        )
        assert p.locator(".katex-error").count() == 0, f"{path}: KaTeX could not parse a formula"
    for figure in p.locator("img.snippet-figure").all():
        figure.scroll_into_view_if_needed()  # figures load lazily; decode() waits for the load, or rejects
        loaded = "i => i.decode().then(() => i.naturalWidth > 0, () => false)"
        assert figure.evaluate(loaded), f"{path}: a figure did not load"
        assert figure.evaluate("i => i.closest('a.glightbox') !== null"), f"{path}: a figure does not zoom"

    browser.screenshot(f"{lang}-{page.slug}")

    # A phone-wide window: the page never scrolls sideways; wide code and tables scroll in their own box.
    p.set_viewport_size({"width": PHONE_WIDTH, "height": 740})
    try:
        o = p.evaluate(OVERFLOW)
    finally:
        p.set_viewport_size(DESKTOP)
    assert o["clientWidth"] == PHONE_WIDTH, o
    assert o["scrollWidth"] <= PHONE_WIDTH, f"{path}: the page scrolls sideways at {PHONE_WIDTH} px: {o}"
    unscrollable = [b for b in o["boxes"] if b["overflowX"] not in ("auto", "scroll")]
    assert not unscrollable, (
        f"{path}: content wider than its box, and the box does not scroll: {unscrollable}"
    )

    # Accessibility: every WCAG A/AA rule in the light scheme; the colour rules again in the dark one, on the
    # pages of dark_sample. The dark run reuses this page, rendered and pruned: the palette toggle gives it
    # the colours a page opened on a dark system gets (test_dark_sample_needs_only_the_palette_toggle),
    # without loading, rendering and pruning it a second time (about 1.1 CPU-seconds a page).
    shows_code = not page.notebook and includes(lang, page.src)
    assert browser.one_token_of_each_style() >= (3 if shows_code else 0)
    violations = browser.axe()
    assert not violations, f"{path}, light scheme:\n{axe_report(violations)}"
    if (lang, page) in dark_sample(built_site):
        browser.toggle_palette("slate")
        try:
            browser.start_axe(AXE_COLOUR_OPTIONS)
            violations = browser.axe_violations()
        finally:
            browser.toggle_palette("default")
        assert not violations, f"{path}, dark scheme:\n{axe_report(violations)}"

    # The language switcher leads to this page in the other language.
    for other in LANGS:
        href = p.locator(f"header a.md-select__link[hreflang='{other}']").get_attribute("href")
        target = urlsplit(urljoin(p.url, href)).path
        assert target == url_path(other, page.path), f"{path}: switcher to {other} goes to {target}"


@pytest.mark.parametrize("lang", LANGS)
def test_built_nav_is_mkdocs_nav(browser, lang):
    """The pages tested above are the pages readers can reach: the sidebar of the built site lists exactly
    mkdocs.yml's nav, in order."""
    browser.open(LANGS[lang])
    hrefs = browser.page.locator(".md-nav--primary a.md-nav__link[href]").evaluate_all(
        "links => links.filter(a => !a.closest('.md-nav--secondary')).map(a => a.href)"
    )
    assert [urlsplit(h).path for h in hrefs] == [url_path(lang, page.path) for page in PAGES]
    # The sections, in the page's language (mkdocs.yml names them in Chinese; static-i18n translates).
    sections = browser.page.locator(".md-nav--primary .md-nav__item--section > label.md-nav__link")
    texts = [" ".join(t.split()) for t in sections.all_inner_texts()]
    assert texts == [NAV_TRANSLATIONS[lang].get(name, name) for name in NAV_SECTIONS]


# ---------------------------------------------------------------------------------------------------------
# Search


@pytest.mark.parametrize(
    ("lang", "query", "expected"),
    [
        # Chinese as an input method commits it (whole words), English as typed (plurals, -ing, API names).
        ("zh", "张量", "tensors/"),
        ("zh", "自动求导", "autograd/"),
        ("zh", "混合精度", "amp/"),
        ("zh", "分布式", "distributed/"),
        ("zh", "广播", "tensors-ops/"),
        ("zh", "学习率", ("optim/", "schedules-checkpoints/")),
        ("zh", "显存", "gpus/"),
        ("zh", "可视化", "visualization/"),
        ("zh", "反向传播", "autograd/"),
        ("zh", "叶子", "autograd/"),
        ("zh", "检查点", "schedules-checkpoints/"),  # taught here; the distributed ones come later
        ("en", "tensor", "tensors/"),
        ("en", "tensors", "tensors/"),
        ("en", "autograd", "autograd/"),
        ("en", "DDP", "distributed/"),
        ("en", "broadcasting", "tensors-ops/"),
        ("en", "strides", "tensors-memory/"),
        ("en", "contiguous", "tensors-memory/"),
        ("en", "gradients", ("autograd/", "autograd-more/")),  # the chapter and its follow-on both teach it
        ("en", "GradScaler", "amp/"),
        ("en", "workers", "data-loading/"),
        ("en", "glossary", "glossary/"),  # "glossary*" never met the stemmed "glossari" (lunr mend)
        ("en", "terms", "glossary/"),
        ("en", "checkpoints", "schedules-checkpoints/"),
    ],
)
def test_search_lists_the_right_page_near_the_top(browser, lang, query, expected):
    """A chapter's own name finds that chapter first; any other word finds the page that teaches it among
    the first three results (its exact place moves with every sentence the site gains, and asserting it
    would tie this test to the prose). Results stay in the reader's language. The queries of one language
    share its home page, as a reader's do: its search index is built once, not once a query."""
    if browser.path() != url_path(lang, ""):
        browser.open(LANGS[lang])
    results = browser.search(query)
    paths = [urlsplit(r["href"]).path for r in results]
    expected = expected if isinstance(expected, tuple) else (expected,)
    accepted = [url_path(lang, e) for e in expected]
    places = 1 if query.casefold() in {page_title(lang, e).casefold() for e in expected} else 3
    assert set(paths[:places]) & set(accepted), f"{query!r}: not in the first {places}: {paths}"
    own = [p for p in paths if p.startswith("/en/") == (lang == "en")]
    assert own == paths, (
        f"{query!r} in {lang}: results in the other language: {sorted(set(paths) - set(own))}"
    )
    if query in ("张量", "tensor"):
        browser.screenshot(f"{lang}-search-{'zhangliang' if lang == 'zh' else query}", full_page=False)


@pytest.mark.parametrize("lang", LANGS)
def test_search_results_pass_axe_in_both_schemes(browser, dark, lang):
    """The search dialog holding results (highlighted words, a page's sections, the count), which the
    pages' own axe runs never open: every WCAG A/AA rule in the light scheme, the colour rules in the dark
    one, both at once in their own renderer processes. (It found the count line's contrast and sideways-
    scrolling code excerpts, mended in overrides/main.html.)"""
    query = page_title(lang, "tensors/")
    for b, options in ((dark, AXE_COLOUR_OPTIONS), (browser, AXE_OPTIONS)):
        b.open(LANGS[lang])
        results = b.search(query)
        assert len(results) >= 3, f"{query!r}: {results}"
        assert b.page.locator(".md-search-result mark").count() > 0, f"{query!r}: no highlighted word"
        b.start_axe(options, within=".md-search")
    found = {b.scheme(): b.axe_violations() for b in (browser, dark)}
    assert not any(found.values()), "\n".join(
        f"search results ({lang}, {scheme}):\n{axe_report(v)}" for scheme, v in found.items() if v
    )


RAW_CODE = re.compile(r"Copied!|--8<--|^\s*(import [\w.]+$|from [\w.]+ import \w|def \w+\(.*\):$)", re.M)


@pytest.mark.parametrize("lang", LANGS)
def test_search_shows_notebooks_as_prose(browser, lang):
    """A notebook's search entries show its text, not its source code (nor the copy button's label)."""
    notebooks = [page for page in PAGES if page.notebook]
    assert notebooks
    for page in notebooks:
        browser.open(url_path(lang, page.path).lstrip("/"))
        title = browser.h1()
        # Material searches every typed word as a prefix, so an English "a" matches every word starting with
        # "a" and crowds the list (README, "Search per language"); a reader's "fitting line tensors" is typed.
        words = " ".join(w for w in title.split() if len(w) > 2) if lang == "en" else title
        results = browser.search(words)
        mine = [r for r in results if urlsplit(r["href"]).path == url_path(lang, page.path)]
        assert mine, f"searching {title!r} did not find {page.path}: {[r['href'] for r in results]}"
        code = [r for r in mine if RAW_CODE.search(r["text"])]
        browser.screenshot(f"{lang}-search-{page.slug}", full_page=False)
        assert not code, f"{page.path}: search shows code: {[r['text'][:200] for r in code]}"


# ---------------------------------------------------------------------------------------------------------
# Copying, phone, dark mode


def test_copy_button_copies_the_snippet_file(browser):
    """Each snippet's copy button puts the file on the clipboard: every line of it, nothing added. (A code
    block holds the lines, not the final line's newline, so that one character is not copied.)"""
    p = browser.page
    for lang in LANGS:
        browser.open(url_path(lang, "tensors/").lstrip("/"))
        # Blocks in view of a reader: an exercise's solution stays folded until its summary is clicked.
        blocks = p.locator(f"article div.highlight:has(> span.filename a):not({FOLDED} div.highlight)")
        names = [n.strip() for n in blocks.locator(":scope > span.filename").all_text_contents()]
        assert len(names) >= 5, names
        for i, name in enumerate(names if lang == "zh" else names[:2]):
            copy_and_compare(p, blocks.nth(i), name, lang)
        # the last exercise's solution, opened as a reader does (not a code block's torch-versions line)
        solution = p.locator("article details:not(.torch-versions)").last
        assert solution.get_attribute("open") is None, f"{lang}: a solution must start folded"
        solution.locator(":scope > summary").click()
        block = solution.locator("div.highlight:has(> span.filename a)").first
        copy_and_compare(p, block, block.locator(":scope > span.filename").inner_text().strip(), lang)


FOLDED = "details:not([open])"


def copy_and_compare(p, block, name: str, lang: str) -> None:
    p.evaluate("navigator.clipboard.writeText('')")
    block.hover()  # the button shows on hover
    block.locator("button.md-code__button[data-md-type='copy']").click()
    copied = p.evaluate("navigator.clipboard.readText()")
    source = translated_file(name, lang)  # a Chinese page shows (and copies) its comments in Chinese
    assert source.endswith("\n") and copied == source.removesuffix("\n"), f"{lang}: {name} copied differently"


def test_code_blocks_are_mounted_as_they_come_into_view(browser):
    """Page speed (README, "Page speed"): far below the screen a code block is neither rendered
    (content-visibility) nor mounted by Material (content.lazy: no copy button yet), but a keyboard can
    already reach it (hooks/lazy_code_blocks.py); brought into view, it is rendered and gets its button."""
    p = browser.page
    browser.open("tensors/")
    last = p.locator(f"article div.highlight:not(.snippet-output):not({FOLDED} div.highlight)").last
    code = last.locator("pre > code")
    assert code.get_attribute("tabindex") == "0"
    assert last.locator("button[data-md-type='copy']").count() == 0
    assert not code.evaluate("c => c.checkVisibility({contentVisibilityAuto: true})")
    last.scroll_into_view_if_needed()
    last.locator("button[data-md-type='copy']").wait_for(state="attached")
    assert code.evaluate("c => c.checkVisibility({contentVisibilityAuto: true})")


NOTEBOOK_STYLES = """() => {
    // One number per element of the notebook (its computed style, and its ::before and ::after where they
    // have content), so that thousands of elements compare without shipping megabytes out of the page.
    const hash = text => {
        let h = 2166136261;
        for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 16777619) }
        return h >>> 0;
    };
    const style = (el, pseudo) => {
        const s = getComputedStyle(el, pseudo);
        if (pseudo && s.content === 'none') return 'none';
        return Array.from(s, p => p + ':' + s.getPropertyValue(p)).join(';');
    };
    return [...document.querySelectorAll('.jupyter-wrapper, .jupyter-wrapper *')]
        .map(el => hash(['', '::before', '::after'].map(pseudo => style(el, pseudo)).join('|')));
}"""


def serve_html(body: str):
    """A route handler that answers with `body` (one per page: a lambda in the loop would see the last)."""
    return lambda route: route.fulfill(body=body, content_type="text/html")


@pytest.mark.exhaustive  # a second opinion on hooks/_notebook_css.py: every element, both schemes
def test_notebook_pages_look_the_same_with_the_pruned_stylesheet(browser, dark):
    """hooks/_notebook_css.py drops the JupyterLab rules that cannot apply to a page. Proof: every element of
    every notebook page has the same computed style (and ::before, ::after) as with mkdocs-jupyter's whole
    stylesheet put back (zh pages in the light scheme, en pages in the dark one)."""
    from _notebook_css import full_stylesheet

    full = full_stylesheet()
    pruned_block = re.compile(r'<style type="text/css" data-pruned="[^"]+">.*?</style>', re.S)
    notebooks = [page for page in PAGES if page.notebook]
    assert notebooks
    for lang in LANGS:
        for page in notebooks:
            path = url_path(lang, page.path).lstrip("/")
            with urlopen(browser.base + path) as response:
                html = response.read().decode("utf-8")
            blocks = pruned_block.findall(html)
            assert len(blocks) == 1, f"{path}: {len(blocks)} pruned stylesheets"
            assert len(blocks[0]) < len(full) / 3, f"{path}: the pruned stylesheet is {len(blocks[0])} bytes"
            whole = html.replace(blocks[0], f'<style type="text/css">{full}</style>')
            # Each language in one scheme, both schemes covered: the pruning does not depend on the scheme.
            for b in [browser] if lang == "zh" else [dark]:
                b.open(path)
                pruned = b.page.evaluate(NOTEBOOK_STYLES)
                b.page.route(b.base + path, serve_html(whole))
                try:
                    b.open(path)
                    expected = b.page.evaluate(NOTEBOOK_STYLES)
                finally:
                    b.page.unroute(b.base + path)
                assert len(pruned) == len(expected) > 100, (
                    f"{path}: {len(pruned)} vs {len(expected)} elements"
                )
                differ = [i for i, (x, y) in enumerate(zip(pruned, expected, strict=True)) if x != y]
                assert not differ, f"{path} ({b.scheme()}): {len(differ)} elements styled differently"


CELL_HEIGHTS = """() => [...document.querySelectorAll('.jp-Notebook > .jp-Cell')].map((cell, i) => ({
    cell: i,
    reserved: parseFloat(getComputedStyle(cell).containIntrinsicHeight.replace('auto', '')),
    rendered: cell.getBoundingClientRect().height,
}))"""


def test_notebook_cells_reserve_at_least_their_height(browser):
    """Until a notebook cell comes near the screen it is not rendered and holds the height the build guessed
    (hooks/_notebook_css.py). The guess must not be short of the rendered cell, at desktop or phone width:
    a short box lets skipped content spill over what follows for layout queries and accessibility checks."""
    p = browser.page
    for lang in LANGS:
        for page in [page for page in PAGES if page.notebook]:
            path = url_path(lang, page.path).lstrip("/")
            browser.open(path)
            browser.render_all()
            for width in (DESKTOP["width"], PHONE_WIDTH):
                p.set_viewport_size({"width": width, "height": DESKTOP["height"]})
                try:
                    cells = p.evaluate(CELL_HEIGHTS)
                finally:
                    p.set_viewport_size(DESKTOP)
                assert len(cells) >= 5, f"{path}: {len(cells)} cells"
                short = [c for c in cells if not c["reserved"] >= c["rendered"]]
                assert not short, f"{path} at {width} px: cells taller than they reserve: {short}"


def test_search_index_is_requested_after_the_page_has_loaded(browser):
    """Page speed: the search index (the largest download) waits for the page's load event, so it does not
    compete with the first paint (overrides/main.html); search still answers (test_search_* above)."""
    p = browser.page
    for lang in LANGS:
        browser.open(url_path(lang, "").lstrip("/"))
        p.wait_for_function(
            "performance.getEntriesByType('resource').some(e => e.name.endsWith('/search_index.json'))"
        )
        index_start, load_end = p.evaluate(
            """() => [
                performance.getEntriesByType('resource')
                    .find(e => e.name.endsWith('/search_index.json')).startTime,
                performance.getEntriesByType('navigation')[0].loadEventEnd,
            ]"""
        )
        assert load_end > 0 and index_start >= load_end, (
            f"{lang}: index at {index_start} ms, load at {load_end} ms"
        )


def test_phone_menu_opens(phone):
    for lang in LANGS:
        phone.open(url_path(lang, "tensors/").lstrip("/"))
        p = phone.page
        assert p.evaluate("document.documentElement.clientWidth") == PHONE_WIDTH
        assert p.evaluate("document.scrollingElement.scrollWidth") <= PHONE_WIDTH
        nav = p.locator("nav.md-nav--primary")
        assert not nav.is_visible() or nav.bounding_box()["x"] < 0, "the drawer shows before it is opened"
        phone.screenshot(f"phone-{lang}-tensors", full_page=False)
        p.locator("label.md-header__button[for='__drawer']").click()
        p.wait_for_function("document.getElementById('__drawer').checked")
        p.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
        box = nav.bounding_box()
        assert nav.is_visible() and box["x"] >= 0 and box["x"] + box["width"] <= PHONE_WIDTH, box
        link = nav.locator("a.md-nav__link", has_text="Autograd" if lang == "en" else "自动求导").first
        assert link.is_visible()
        phone.screenshot(f"phone-{lang}-menu", full_page=False)
        with p.expect_navigation(wait_until="load"):
            link.click()
        assert phone.path() == url_path(lang, "autograd/")


# A newcomer's path (issue 24): from the home page to a model trained on real data, then to the same
# program on two processes, by following the links a reader sees, at phone and desktop widths.
NEWCOMER_PATH = [  # (the link followed, what its page must show in a code or output block)
    ("capstone/", r"best test accuracy \d+\.\d+%"),  # a model trained on real data, with its accuracy
    ("distributed-script/", r"rank 1: best test accuracy \d+\.\d+%"),  # the same program on two processes
]
NEWCOMER_CLICKS = 6  # the floor: at most this many clicks from the home page to the trained model


def follow(reader, href_end: str, step: str) -> None:
    """Click the first link of the article that leads to `href_end`, as a reader does."""
    p = reader.page
    link = p.locator(f"article a[href$='{href_end}']").first
    assert link.count() == 1, f"{step}: no link to {href_end} in the article of {reader.path()}"
    link.scroll_into_view_if_needed()
    with p.expect_navigation(wait_until="load"):
        link.click()


def shown_code(reader) -> str:
    """The text of the article's code and output blocks (not its prose); textContent, because a block far
    below the screen is not rendered yet (content-visibility), so it has no innerText."""
    return "\n".join(reader.page.locator("article pre").evaluate_all("els => els.map(e => e.textContent)"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", ["phone", "desktop"])
def test_a_newcomer_reaches_a_trained_model_and_then_two_processes(request, width, lang):
    reader = request.getfixturevalue("phone" if width == "phone" else "browser")
    reader.open(LANGS[lang])
    assert [link for link, _ in NEWCOMER_PATH].index("capstone/") + 1 <= NEWCOMER_CLICKS
    for step, (link, shown) in enumerate(NEWCOMER_PATH, start=1):
        follow(reader, link, f"click {step}")
        assert reader.path() == url_path(lang, link)
        assert re.search(shown, shown_code(reader)), f"click {step}: {link} shows no {shown!r}"
        reader.screenshot(f"newcomer-{width}-{lang}-{step}", full_page=False)


def test_dark_mode_toggles(browser):
    browser.open("tensors/")
    p = browser.page
    light = p.evaluate("getComputedStyle(document.body).backgroundColor")
    browser.toggle_palette("slate")
    dark = p.evaluate("getComputedStyle(document.body).backgroundColor")
    assert light != dark, light
    browser.screenshot("zh-tensors-dark", full_page=False)
    p.goto(browser.base + "en/tensors/", wait_until="load")  # the choice is remembered on the next page
    assert browser.scheme() == "slate"
    browser.toggle_palette("default")
    assert p.evaluate("getComputedStyle(document.body).backgroundColor") == light


def test_language_switcher_keeps_the_page(browser):
    browser.open("tensors/")
    browser.switch_language("en")
    assert browser.path() == "/en/tensors/", f"zh -> en landed on {browser.page.url}"
    assert browser.h1() == "Tensors"

    browser.switch_language("zh")
    assert browser.path() == "/tensors/", f"en -> zh landed on {browser.page.url}"
    assert browser.h1() == "张量"


# ---------------------------------------------------------------------------------------------------------
# Keyboard only

FOCUSED = """() => {
    let e = document.activeElement;
    if (e.matches('input.md-option')) e = e.nextElementSibling;  // the palette radio shows through its label
    const s = getComputedStyle(e), r = e.getBoundingClientRect();
    const name = e.getAttribute('href') || e.title || e.ariaLabel || '';
    return {what: `${e.tagName}.${e.className} ${name}`,
            outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1,
            shadow: s.boxShadow !== 'none',
            shown: r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight
                   && s.visibility !== 'hidden',
            style: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`};
}"""


def focus_is_visible(p, step: str) -> dict:
    f = p.evaluate(FOCUSED)
    assert f["shown"] and (f["outline"] or f["shadow"]), f"{step}: focus not visible on {f}"
    return f


def tab_to(p, selector: str, step: str, limit: int = 15) -> None:
    """Press Tab until `selector` has the focus, checking the focus is visible at every stop."""
    for _ in range(limit):
        p.keyboard.press("Tab")
        focus_is_visible(p, step)
        if p.evaluate(f"document.activeElement.matches({selector!r})"):
            return
    pytest.fail(f"{step}: {selector} not reached with {limit} Tabs")


def test_keyboard_only(browser):
    browser.open("intro/")
    p = browser.page
    p.keyboard.press("/")  # Material's shortcut for search (so are "s" and "f")
    assert p.evaluate("document.activeElement.matches('input.md-search__input')")
    focus_is_visible(p, "search box")
    p.keyboard.type("张量")
    p.locator(".md-search-result__item").first.wait_for(state="visible")
    p.keyboard.press("ArrowDown")
    f = focus_is_visible(p, "first result")
    assert "md-search-result__link" in f["what"] and "/tensors/" in f["what"], f
    browser.screenshot("keyboard-1-search", full_page=False)
    with p.expect_navigation(wait_until="load"):
        p.keyboard.press("Enter")
    assert browser.path() == "/tensors/"

    tab_to(p, "header a.md-select__link[hreflang='en']", "language switcher")
    browser.screenshot("keyboard-2-language", full_page=False)
    with p.expect_navigation(wait_until="load"):
        p.keyboard.press("Enter")
    assert browser.path() == "/en/tensors/"

    tab_to(p, "form[data-md-component='palette'] input.md-option", "palette toggle")
    p.keyboard.press("Enter")
    browser.wait_for_scheme("slate")
    focus_is_visible(p, "palette toggle, dark")
    browser.screenshot("keyboard-3-dark", full_page=False)
    p.keyboard.press("Enter")
    browser.wait_for_scheme("default")


# ---------------------------------------------------------------------------------------------------------
# Chinese typography


def rendered_fonts(browser, selector: str) -> dict[str, int]:
    """The fonts Chromium actually drew the text of `selector` with: {family: glyph count}."""
    cdp = browser.context.new_cdp_session(browser.page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument")["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    finally:
        cdp.detach()
    return {f["familyName"]: f["glyphCount"] for f in fonts}


def test_chinese_pages_use_a_cjk_font_and_chinese_line_height(browser):
    browser.open("tensors/")
    p = browser.page
    style = p.evaluate(
        """() => { const s = getComputedStyle(document.querySelector('.md-typeset p'));
                   return {family: s.fontFamily, size: parseFloat(s.fontSize),
                           line: parseFloat(s.lineHeight)}; }"""
    )
    first = style["family"].split(",")[0].strip().strip("\"'")
    assert first in CJK_FONTS, f"zh text does not ask for a CJK font first: {style['family']}"
    assert style["line"] >= 1.7 * style["size"], style
    fonts = rendered_fonts(browser, ".md-typeset p")
    assert max(fonts, key=fonts.get) == INSTALLED_CJK_FONT, f"zh paragraph drawn with {fonts}"
    browser.screenshot("zh-typography", full_page=False)

    browser.open("en/tensors/")  # English keeps Material's Latin stack
    family = p.evaluate("getComputedStyle(document.querySelector('.md-typeset p')).fontFamily")
    assert family.split(",")[0].strip().strip("\"'") not in CJK_FONTS, family


def test_no_failed_request_and_the_search_worker_stays_local(browser):
    """Across every navigation of this module nothing failed; the autouse stays_local fixture checks that
    each test's requests stayed on 127.0.0.1, and this one makes sure that covered the search web worker."""
    browser.open("")  # never vacuous, even when run on its own
    browser.page.wait_for_load_state("networkidle")  # the search worker loads lunr after the page's load
    assert any("/assets/javascripts/lunr/" in u for u in browser.requests), browser.requests
    assert not browser.blocked, f"blocked requests: {browser.blocked}"
    assert not browser.failed, f"failed requests: {browser.failed}"
