"""The downloadable offline copy (site/pytorch-notes-offline.zip, made by hooks/offline_copy.py) works from
file://, as a reader who unzipped it opens it: pages render with their code and outputs, links between pages
and languages work, and search finds Chinese and English words in the reader's language. Debian's Chromium,
driven by Playwright, opens the files directly (no server); no request may leave the unzipped folder.

The copy is opt-in (PYTORCH_NOTES_OFFLINE_COPY=1, `make offline`, the Pages workflow): this module builds
the site with it once, on its own; the session's `built_site` is built without it, and must then neither
hold the zip nor link to it.
"""

from __future__ import annotations

import logging
import re
import sys
import zipfile
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import unquote, urlsplit

import _inner_build
import offline_copy
import pytest
from mkdocs.exceptions import PluginError
from offline_copy import COPY_ENV, FOLDER, ZIP_NAME

from docs_runner.procs import live_group_members
from tests.conftest import engine_lock
from tests.site.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.site.conftest import mkdocs_build

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "offline"
TIMEOUT_MS = 15_000

pytestmark = [pytest.mark.site, pytest.mark.browser]


@pytest.fixture(scope="module")
def offline_site(tmp_path_factory, request) -> Path:
    """The site built strictly with its offline copy, as `make offline` and the Pages workflow build it."""
    site = tmp_path_factory.mktemp("site-with-copy")
    with engine_lock(request.config):  # builds of this checkout share its cache: one at a time
        proc = mkdocs_build(ROOT, site, **{COPY_ENV: "1"})
    assert proc.returncode == 0, f"mkdocs build --strict with {COPY_ENV}=1 failed:\n{proc.stderr[-6000:]}"
    assert f"offline copy: {ZIP_NAME}" in proc.stderr, proc.stderr[-3000:]
    return site


@pytest.fixture(scope="module")
def unzipped(offline_site, tmp_path_factory) -> Path:
    archive = offline_site / ZIP_NAME
    assert archive.is_file(), f"the build wrote no {ZIP_NAME}"
    target = tmp_path_factory.mktemp("offline")
    with zipfile.ZipFile(archive) as zf:
        names = zf.namelist()
        assert all(n.startswith(f"{FOLDER}/") for n in names), "the zip must hold one folder"
        zf.extractall(target)
    return target / FOLDER


class Reader:
    """One Chromium page on file:// URLs, with every request it (and its search worker) made."""

    def __init__(self, context, root: Path):
        self.root = root
        self.page = context.new_page()
        self.requests: list[str] = []
        self.errors: list[str] = []
        context.on("request", lambda r: self.requests.append(r.url))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))

    def open(self, path: str) -> None:
        self.page.goto((self.root / path).as_uri(), wait_until="load")

    def path(self) -> str:
        """The page's path inside the unzipped folder."""
        return Path(unquote(urlsplit(self.page.url).path)).relative_to(self.root).as_posix()

    def h1(self) -> str:
        return self.page.locator("article h1").first.inner_text().removesuffix("¶").strip()

    def search(self, query: str) -> list[str]:
        """Type `query` into Material's search box; the paths (without query or anchor) of the results."""
        box = self.page.locator("input.md-search__input")
        box.click()
        box.fill(query)
        box.press("End")  # Material searches on keyup; fill() sends none (as an IME committing 张量)
        items = self.page.locator(".md-search-result__item > a")
        items.first.wait_for(state="visible")
        return [
            Path(unquote(urlsplit(href).path)).relative_to(self.root).as_posix()
            for href in items.evaluate_all("links => links.map(a => a.href)")
        ]

    def foreign(self) -> list[str]:
        """Requests for anything but the unzipped files (data: URLs and the worker's iframe are local)."""
        local = self.root.as_uri() + "/"
        return [
            u
            for u in self.requests
            if not (u.startswith(local) or u.startswith(("data:", "blob:", "about:")))
        ]


@pytest.fixture(scope="module")
def reader(unzipped):
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():  # a missing browser is a setup error, never a silent skip
        pytest.fail(f"{CHROMIUM} missing: run `make browser-deps` (make test does)")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(locale="zh-CN", viewport={"width": 1280, "height": 900})
            context.set_default_timeout(TIMEOUT_MS)
            yield Reader(context, unzipped)
        finally:
            browser.close()


@pytest.fixture(autouse=True)
def stays_in_the_folder(request):
    """Every test that opens the copy in the browser: nothing requested outside the folder, no JS error."""
    if "reader" not in request.fixturenames:
        yield  # a test of the build alone: no browser, no offline build for it
        return
    reader = request.getfixturevalue("reader")
    seen = len(reader.requests), len(reader.errors)
    yield
    foreign = [u for u in reader.foreign() if u not in reader.requests[: seen[0]]]
    assert not foreign, f"the offline copy asked for something outside its folder: {foreign}"
    assert not reader.errors[seen[1] :], f"JavaScript or console errors: {reader.errors[seen[1] :]}"


def test_the_copy_holds_every_page_of_the_site(offline_site, unzipped):
    """One file per page of the hosted site (tensors/index.html there is tensors.html here)."""
    hosted = {
        p.relative_to(offline_site).as_posix().removesuffix("/index.html").removesuffix("index.html")
        for p in offline_site.rglob("index.html")
    }
    offline = {
        p.relative_to(unzipped).as_posix().removesuffix(".html").removesuffix("index")
        for p in unzipped.rglob("*.html")
        if p.name != "404.html"
    }
    assert {p.rstrip("/") for p in offline} == {p.rstrip("/") for p in hosted}
    for lang_root in (unzipped, unzipped / "en"):
        script = (lang_root / "search" / "search_index.js").read_text(encoding="utf-8")
        assert script.startswith("var __index = {")


def test_the_copy_leaves_out_llms_txt_and_the_markdown_copies(offline_site, unzipped):
    """llms.txt and each page's Markdown copy serve tools that read the hosted site: the site has them, the
    copy's build switches mkdocs-llmstxt off (hooks/llms_txt.py)."""
    for lang_root in ("", "en/"):
        for name in ("llms.txt", "llms-full.txt"):
            assert (offline_site / f"{lang_root}{name}").is_file(), f"the site lacks {lang_root}{name}"
            assert not (unzipped / f"{lang_root}{name}").exists(), f"the copy holds {lang_root}{name}"
    assert (offline_site / "tensors" / "index.md").is_file()
    assert sorted(p.relative_to(unzipped).as_posix() for p in unzipped.rglob("*.md")) == []


@pytest.mark.parametrize(
    ("path", "title", "lang"),
    [("tensors.html", "张量", "zh"), ("en/tensors.html", "Tensors", "en")],
)
def test_a_page_renders_with_its_code_and_outputs(reader, path, title, lang):
    reader.open(path)
    assert reader.page.locator("html").get_attribute("lang") == lang
    assert reader.h1() == title
    code = reader.page.locator("article div.highlight span.filename", has_text="snippets/tensors/creation.py")
    assert code.count() == 1
    output = reader.page.locator("article div.snippet-output").first
    assert output.is_visible() and output.inner_text().strip(), "no build output under the first snippet"
    # The page's stylesheet and script came from the folder: Material's header and sidebar are laid out.
    assert reader.page.locator("body").get_attribute("data-md-color-scheme") == "default"
    assert reader.page.locator("nav.md-nav--primary").is_visible()
    reader.page.screenshot(path=str(ARTIFACTS / f"{lang}-tensors.png"), full_page=False)


def test_a_notebook_page_renders_with_its_outputs(reader):
    reader.open("notebooks/train-classifier.html")
    assert reader.page.locator(".jupyter-wrapper .jp-CodeCell").count() >= 2
    assert reader.page.locator(".jupyter-wrapper .jp-OutputArea-output").count() >= 1


def test_navigation_and_the_language_switcher_work(reader):
    reader.open("tensors.html")
    with reader.page.expect_navigation(wait_until="load"):
        reader.page.locator("nav.md-nav--primary a.md-nav__link[href='autograd.html']").click()
    assert reader.path() == "autograd.html"
    assert reader.h1() == "自动求导"
    selector = reader.page.locator("header .md-select")
    selector.locator("button").hover()
    link = selector.locator("a.md-select__link[hreflang='en']")
    link.wait_for(state="visible")
    with reader.page.expect_navigation(wait_until="load"):
        link.click()
    assert reader.path() == "en/autograd.html"
    assert reader.h1() == "Autograd"


@pytest.mark.parametrize(
    ("start", "query", "first"),
    [
        ("index.html", "张量", "tensors.html"),
        ("notebooks/train-classifier.html", "自动求导", "autograd.html"),
        ("en/index.html", "autograd", "en/autograd.html"),
        ("en/notebooks/train-classifier.html", "autograd", "en/autograd.html"),
    ],
)
def test_search_works_from_file_urls(reader, start, query, first):
    """Material's search worker cannot fetch search_index.json on file://: the copy loads the index as a
    script and runs the worker in an iframe. Results stay in the page's language."""
    reader.open(start)
    results = reader.search(query)
    assert results[0] == first, results
    english = [r.startswith("en/") for r in results]
    assert all(english) if start.startswith("en/") else not any(english), results


@pytest.mark.parametrize("home", ["index.html", "en/index.html"])
def test_home_pages_link_the_offline_copy(offline_site, home):
    html = (offline_site / home).read_text(encoding="utf-8")
    href = re.search(rf'<a href="([^"]*{re.escape(ZIP_NAME)})" download>', html)
    assert href, f"{home} does not offer {ZIP_NAME}"
    assert ((offline_site / home).parent / href[1]).resolve() == (offline_site / ZIP_NAME).resolve()


@pytest.mark.parametrize("home", ["index.html", "en/index.html"])
def test_the_copy_does_not_offer_itself(unzipped, home):
    """A reader of the copy has the zip already; the paragraph offering it would be a dead link there."""
    assert ZIP_NAME not in (unzipped / home).read_text(encoding="utf-8")


def test_a_build_without_the_copy_does_not_link_to_it(built_site):
    """The session's build skips the copy (no PYTORCH_NOTES_OFFLINE_COPY): no zip, and no page offers one
    (the link crawl of tests/site/test_links.py would find it broken)."""
    assert not (built_site / ZIP_NAME).exists()
    offering = [
        p.relative_to(built_site).as_posix()
        for p in built_site.rglob("*.html")
        if ZIP_NAME in p.read_text(encoding="utf-8")
    ]
    assert not offering, f"pages link to {ZIP_NAME}, which this build did not make: {offering}"


def test_a_skipped_copy_says_how_to_get_one(tmp_path, monkeypatch, caplog):
    """One INFO line names the switch, and a zip left by an earlier build goes."""
    monkeypatch.delenv(COPY_ENV, raising=False)
    monkeypatch.delenv(offline_copy.ENV, raising=False)
    monkeypatch.setitem(offline_copy._command, "name", "build")
    (tmp_path / ZIP_NAME).write_bytes(b"stale")
    config = SimpleNamespace(plugins={"i18n": SimpleNamespace(building=False)}, site_dir=str(tmp_path))
    with caplog.at_level(logging.INFO, logger=offline_copy.log.name):
        offline_copy.on_post_build(config)
    assert caplog.messages == [f"offline copy: skipped (set {COPY_ENV}=1 or run make offline)"]
    assert not (tmp_path / ZIP_NAME).exists()


def test_an_offline_build_that_hangs_is_stopped_and_named(tmp_path, monkeypatch):
    """The copy's build runs under a time limit: past it, it and everything it started are stopped, and the
    error says what did not finish, with the end of its log."""
    pids = tmp_path / "pids"
    hang = (
        "import os, subprocess, sys, time\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(30)'])\n"
        f"open({str(pids)!r}, 'w').write(f'{{os.getpgrp()}} {{child.pid}}')\n"
        "print('INFO    -  Building documentation...', file=sys.stderr, flush=True)\n"
        "time.sleep(30)\n"
    )
    monkeypatch.setattr(_inner_build, "MKDOCS", [sys.executable, "-c", hang])  # the copy's build runs there
    monkeypatch.setattr(offline_copy, "BUILD_TIMEOUT_S", 5)
    config = tmp_path / "mkdocs.yml"
    with pytest.raises(PluginError) as error:
        offline_copy.build_offline(config, tmp_path / FOLDER)
    assert str(error.value) == (
        f"the offline copy's build of {config} did not finish in 5 s (offline_copy.BUILD_TIMEOUT_S); "
        "stopped it and every process it started:\nINFO    -  Building documentation..."
    )
    group, child = map(int, pids.read_text().split())
    assert live_group_members(group) == [], f"left running: the build's group {group} (its child {child})"
