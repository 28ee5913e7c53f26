"""MkDocs hook: the whole course as a PDF, one per language: site/pdf/pytorch-notes.zh.pdf and .en.pdf.

The tools, and why. mkdocs-print-site-plugin (maintained: 2.9, September 2026) joins the pages of the nav, in
nav order, into one print page per language, with a cover and a table of contents, and rewrites every link
between chapters into an anchor of that page. Debian's Chromium prints it (hooks/_pdf_print.py), driven by
Playwright's `page.pdf`: Playwright is in the venv already for the browser tests and drives /usr/bin/chromium,
never a browser of its own. Chromium turns those anchors into links inside the PDF and embeds the fonts it
drew with, as subsets. `page.pdf` rather than `chromium --print-to-pdf`: the command line prints when a time
budget runs out, while here the page is printed once it says it is ready (KaTeX has typeset every formula,
every figure is decoded, print-site's script has written the table of contents). Not mkdocs-exporter: its
last release is of October 2024, it prints each page to a PDF of its own and merges them, and it expects the
browser that `playwright install` downloads; not mkdocs-with-pdf: abandoned, and its WeasyPrint runs no
JavaScript, so no formula would be typeset.

Opt-in, as the offline copy is (hooks/offline_copy.py), so `make build` and `make serve` pay nothing but one
INFO line: with PYTORCH_NOTES_PDF=1 (`make pdf`; the Pages workflow sets it for the published site),
`mkdocs build` ends with a second build of the same project into a temporary folder, with
PYTORCH_NOTES_PDF_PRINT=true, which turns the print-site plugin on (mkdocs.yml). In that build this hook
- gives each language a print page of its own, one folder deep (print-zh/, print-en/: print-site writes the
  paths of figures for a page there), with the cover (hooks/data/pdf_cover.html, in the words of texts.toml's
  [<lang>.pdf]: the title, the torch that requirements.txt pins and the day of the build) and the table of
  contents titled in that language;
- drops `toc.integrate` (print-site copies its table of contents from the sidebar that feature removes);
- hands print-site each chapter's final HTML, after every hook, and then readies the print page for paper
  (hooks/_pdf_page.py).
That build reuses the first one's snippet records (it fails if it has to run one) and page renders, in a
process group of its own, stopped whole past BUILD_TIMEOUT_S. Chromium then prints both pages.

A build that makes no PDF (PYTORCH_NOTES_PDF unset; `mkdocs serve` always) leaves out the paragraph of a page
that links one (the home pages), so no build links a file it did not write; so does the print build, since a
PDF need not offer itself. The offline copy that the same build makes keeps the paragraph and holds the PDFs
(hooks/offline_copy.py copies site/pdf/ into the zip).
"""

from __future__ import annotations

import datetime
import logging
import os
import re
import shutil
import tempfile
import time
from pathlib import Path

from _inner_build import run_build  # the build in a child process, stopped whole on a timeout
from _pdf_page import finish_print_page
from _pdf_print import print_pdfs  # it imports Playwright and pypdf only when it prints
from _texts import texts_for
from build_facts import pins
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

PDF_ENV = "PYTORCH_NOTES_PDF"  # "1": this `mkdocs build` makes the PDFs too
PRINT_ENV = "PYTORCH_NOTES_PDF_PRINT"  # "true" in the second build, the one Chromium prints
OFFLINE_ENV = "PYTORCH_NOTES_OFFLINE"  # "true" in the offline copy's build (hooks/offline_copy.py)
FOLDER = "pdf"  # site/pdf/
PLUGIN = "print-site"
COVER = "hooks/data/pdf_cover.html"  # relative to mkdocs.yml, as print-site wants it


def pdf_name(lang: str) -> str:
    return f"pytorch-notes.{lang}.pdf"


def print_page(lang: str) -> str:
    """The print page's folder in the second build: one level deep, as print-site places links from it."""
    return f"print-{lang}"


PDF_LINK = re.compile(r'href="[^"]*pytorch-notes\.[a-z]+\.pdf"')
PDF_PARAGRAPH = re.compile(rf"<p>(?:(?!</p>).)*?{PDF_LINK.pattern}(?:(?!</p>).)*</p>\n?", re.S)
DOCUMENT = re.compile(r"\s*<html><head></head><body>(?P<body>.*)</body></html>\s*", re.S)
# The print build took about as long as the offline copy's (20-30 s warm here); the limit only turns a build
# that hangs into an error that says so.
BUILD_TIMEOUT_S = 300
_command = {"name": None}
log = logging.getLogger("mkdocs.hooks.pdf_export")


def print_build() -> bool:
    return os.environ.get(PRINT_ENV) == "true"


def pdf_requested() -> bool:
    return os.environ.get(PDF_ENV) == "1"


def offline_build() -> bool:
    return os.environ.get(OFFLINE_ENV) == "true"


def links_pdf() -> bool:
    """This build's pages may link the PDFs: it makes them, or it is the offline copy of a build that does."""
    return _command["name"] == "build" and pdf_requested() and not print_build()


def on_startup(command, dirty):
    _command["name"] = command


def _language(config) -> str:
    i18n = config.plugins["i18n"]
    return i18n.current_language or i18n.default_language


@event_priority(100)  # before the print-site plugin (0) reads its options
def on_config(config):
    if not print_build():
        return config
    lang = _language(config)
    words = texts_for(lang)["pdf"]
    plugin = config.plugins[PLUGIN]
    plugin.config.update(
        print_page_basename=print_page(lang),
        print_page_title=words["title"],
        toc_title=words["toc"],
        cover_page_template=COVER,
    )
    repository = (config.extra.get("source_url") or "").rstrip("/")
    facts = {"torch": pins()["torch"], "date": build_date(), "repository": repository}
    config.extra["pdf"] = {key: value.format(**facts) for key, value in words.items()}
    # print-site adds its stylesheets and script to the config each time a language's build starts: once each
    config.extra_css = [f for f in config.extra_css if not str(f).startswith("css/print-site")]
    config.extra_javascript = [f for f in config.extra_javascript if str(f) != "js/print-site.js"]
    features = config.theme["features"]
    if "toc.integrate" in features:  # print-site copies its table of contents from the right-hand sidebar
        features.remove("toc.integrate")
    return config


def build_date() -> str:
    """The day of this build (SOURCE_DATE_EPOCH, when set, makes it reproducible)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    day = datetime.datetime.fromtimestamp(int(epoch), datetime.UTC).date() if epoch else datetime.date.today()
    return day.isoformat()


@event_priority(-1000)  # last: after every hook has changed the page's HTML
def on_page_content(html, page, config, files):
    if '.pdf"' in html and PDF_LINK.search(html) and not links_pdf():
        html = PDF_PARAGRAPH.sub("", html)
        if PDF_LINK.search(html):
            raise PluginError(f"{page.file.src_uri}: a link to a PDF outside a paragraph ({__name__})")
    if print_build():
        # What print-site joins (it kept the HTML of its own turn, before later hooks'), as a fragment: the
        # glightbox plugin returns a page with a figure as a whole document, <html><head></head><body>…, which
        # a browser forgives inside <article>, but print-site writes its script before every </head>.
        whole = DOCUMENT.fullmatch(html)
        page.html = whole["body"] if whole else html
    return html


# After the whole site is built (i18n -100, search -200), before the offline copy (-300), which zips the PDFs.
@event_priority(-250)
def on_post_build(config):
    if config.plugins["i18n"].building:
        return  # a nested per-language build; the whole site is not there yet
    site = Path(config.site_dir)
    if print_build():
        for lang in languages(config):
            finish_print_page(site / print_page(lang) / "index.html", site)
    elif offline_build() or _command["name"] != "build":
        return
    elif not pdf_requested():
        shutil.rmtree(site / FOLDER, ignore_errors=True)  # PDFs left by an earlier build would be out of date
        log.info("pdf: skipped (set %s=1 or run make pdf)", PDF_ENV)
    else:
        shutil.rmtree(site / FOLDER, ignore_errors=True)
        start = time.perf_counter()
        with tempfile.TemporaryDirectory(prefix="pytorch-notes-pdf-") as tmp:
            pages = build_print_site(Path(config.config_file_path), Path(tmp) / "site")
            made = print_pdfs(
                Path(tmp) / "site",
                {lang: (print_page(lang), site / FOLDER / pdf_name(lang)) for lang in languages(config)},
                site_url=config.site_url or "",
            )
        seconds = time.perf_counter() - start
        for lang, facts in made.items():
            log.info("pdf: %s/%s, %s", FOLDER, pdf_name(lang), facts)
        log.info("pdf: built in %.1f s; the print build's %s", seconds, pages)


def languages(config) -> list[str]:
    """The site's languages, the default first (mkdocs.yml's i18n languages that are built)."""
    return [lang.locale for lang in config.plugins["i18n"].config.languages if lang.build]


def build_print_site(config_file: Path, site_dir: Path) -> str:
    """Build the print site into `site_dir`, in a process group of its own that is stopped, whole, if the
    build outlives BUILD_TIMEOUT_S or this one is interrupted; its "pages: N rendered, M from memo" line."""
    return run_build(
        config_file,
        site_dir,
        inner_env(),
        "the PDF's print build",
        BUILD_TIMEOUT_S,
        "pdf_export.BUILD_TIMEOUT_S",
    )


def inner_env() -> dict[str, str]:
    """The print build's environment: print-site on, no PDF or offline copy of its own."""
    env = {k: v for k, v in os.environ.items() if k not in (PDF_ENV, "PYTORCH_NOTES_OFFLINE_COPY")}
    return {**env, PRINT_ENV: "true", "NO_MKDOCS_2_WARNING": "1"}
