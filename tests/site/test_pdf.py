"""The whole course as a PDF per language (site/pdf/pytorch-notes.zh.pdf and .en.pdf, hooks/pdf_export.py),
checked on the real files as a reader gets them: poppler's pdftotext finds every part and chapter title at the
top of a page, in nav order, after the cover and the table of contents; pdffonts shows every font embedded,
the Chinese one by name; pdftoppm draws the first page of three chapters (kept in test-artifacts/pdf/ for a
person to look at); the size is bounded; a link of the table of contents and one between chapters go to the
right page inside the PDF (pypdf reads the link annotations and their destinations); the outline lists the
parts and chapters; the offline zip holds the PDFs and its home pages link them.

The PDFs are opt-in (PYTORCH_NOTES_PDF=1: `make pdf`, the Pages workflow) and take minutes, so the session's
`built_site` has none: the tests of the real PDFs build the site once, as pages.yml does (with the offline
copy), in a session fixture, and are `exhaustive` (`make test-all`). `make test` keeps the cheap checks: the
normal build makes no PDF, links none and carries nothing of the print build; the paragraph that links the
PDFs goes exactly when the build makes none; `make pdf` and the Pages workflow ask for them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pdf_export
import pytest
import yaml
from mkdocs.exceptions import PluginError
from offline_copy import COPY_ENV, FOLDER, ZIP_NAME
from pdf_export import PDF_ENV, pdf_name
from selectolax.lexbor import LexborHTMLParser

from tests.conftest import ROOT, engine_lock
from tests.site.conftest import mkdocs_build
from tests.site.test_course_path import nav

LANGS = ("zh", "en")
ARTIFACTS = ROOT / "test-artifacts" / "pdf"
MAX_BYTES = 25 * 2**20  # measured December 2026: zh 9.7 MB (574 pages), en 8.1 MB (616 pages)
MAX_PAGES = 1000
RENDERED = ("tensors.md", "capstone.md", "notebooks/tensor-linear-fit.ipynb")  # prose, a figure, formulas
TOC_TITLE = {"zh": "目录", "en": "Contents"}

pytestmark = [pytest.mark.site]


# ---------------------------------------------------------------------------------------------------------
# make test: the normal build, the switch, the callers


def test_a_build_without_the_pdf_makes_none_links_none_and_carries_no_print_page(built_site):
    assert not (built_site / "pdf").exists()
    for print_page in ("print-zh", "print-en", "print_page", "css/print-site.css", "js/print-site.js"):
        assert not (built_site / print_page).exists(), f"the print build's {print_page} in the normal site"
    for home in ("index.html", "en/index.html"):
        html = (built_site / home).read_text(encoding="utf-8")
        assert ".pdf" not in html, f"{home} links a PDF the build did not make"
    # the print-site plugin is off: no page loads its script or styles
    assert "print-site" not in (built_site / "tensors" / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGS)
def test_the_home_pages_offer_both_pdfs_in_one_paragraph(lang):
    text = (ROOT / "docs" / lang / "index.md").read_text(encoding="utf-8")
    prefix = "" if lang == "zh" else "../"
    (paragraph,) = [line for line in text.splitlines() if ".pdf" in line]
    links = re.findall(r'<a href="([^"]+)">', paragraph)
    assert links == [
        f"{prefix}pdf/{pdf_name(lang)}",
        f"{prefix}pdf/{pdf_name('en' if lang == 'zh' else 'zh')}",
    ]


def page(src_uri: str) -> SimpleNamespace:
    return SimpleNamespace(file=SimpleNamespace(src_uri=src_uri))


HOME = (
    "<p>Intro.</p>\n"
    '<p>Read it on paper: <a href="pdf/pytorch-notes.zh.pdf">the PDF</a> '
    '(<a href="pdf/pytorch-notes.en.pdf">English</a>).</p>\n'
    "<h2>Chapters</h2>\n"
)


def test_the_paragraph_that_links_the_pdfs_goes_when_the_build_makes_none(monkeypatch):
    monkeypatch.setitem(pdf_export._command, "name", "build")
    monkeypatch.delenv(pdf_export.PRINT_ENV, raising=False)
    monkeypatch.setenv(PDF_ENV, "1")
    assert pdf_export.on_page_content(HOME, page("index.md"), None, None) == HOME
    monkeypatch.setenv(pdf_export.OFFLINE_ENV, "true")  # the offline copy of such a build holds the PDFs
    assert pdf_export.on_page_content(HOME, page("index.md"), None, None) == HOME

    without = "<p>Intro.</p>\n<h2>Chapters</h2>\n"
    monkeypatch.delenv(PDF_ENV)
    assert pdf_export.on_page_content(HOME, page("index.md"), None, None) == without
    monkeypatch.setenv(PDF_ENV, "1")
    monkeypatch.setitem(pdf_export._command, "name", "serve")  # mkdocs serve never makes one
    assert pdf_export.on_page_content(HOME, page("index.md"), None, None) == without

    monkeypatch.setitem(pdf_export._command, "name", "build")
    monkeypatch.setenv(pdf_export.PRINT_ENV, "true")  # the PDF itself need not offer the PDF
    printed = page("index.md")
    assert pdf_export.on_page_content(HOME, printed, None, None) == without
    assert printed.html == without  # what print-site joins into the print page

    monkeypatch.delenv(PDF_ENV)
    stray = '<ul><li><a href="pdf/pytorch-notes.zh.pdf">PDF</a></li></ul>'
    with pytest.raises(PluginError, match=r"index\.md: a link to a PDF outside a paragraph"):
        pdf_export.on_page_content(stray, page("index.md"), None, None)


def test_print_site_gets_each_page_as_a_fragment(monkeypatch):
    """glightbox returns a page with a figure as a whole document; the print page must stay one document."""
    monkeypatch.setenv(pdf_export.PRINT_ENV, "true")
    figure = page("capstone.md")
    whole = '<html><head></head><body><h1 id="x">X</h1><p><img src="a.png"></p></body></html>'
    assert pdf_export.on_page_content(whole, figure, None, None) == whole
    assert figure.html == '<h1 id="x">X</h1><p><img src="a.png"></p>'


def test_make_pdf_and_the_pages_workflow_ask_for_the_pdfs():
    dry = subprocess.run(["make", "-n", "pdf"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert dry.returncode == 0, dry.stderr
    assert f"{PDF_ENV}=1 .venv/bin/python -m mkdocs build --strict\n" in dry.stdout
    assert "apt-get install -y -qq chromium fonts-noto-cjk fonts-wqy-microhei poppler-utils" in dry.stdout

    pages = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    (build,) = [s for s in pages["jobs"]["build"]["steps"] if s.get("run") == "make build-cached"]
    assert build["env"] == {COPY_ENV: "1", PDF_ENV: "1"}
    # with the variable set, build-cached first installs Chromium and the fonts (make browser-deps)
    dry = subprocess.run(
        ["make", "-n", "build-cached"], cwd=ROOT, capture_output=True, text=True, timeout=60, env=pdf_env()
    )
    assert "fonts-wqy-microhei" in dry.stdout, dry.stdout[-2000:]


def pdf_env() -> dict[str, str]:
    return {**os.environ, PDF_ENV: "1"}


# ---------------------------------------------------------------------------------------------------------
# make test-all: the real PDFs


@pytest.fixture(scope="session")
def pdf_site(tmp_path_factory, request) -> Path:
    """The site built strictly as the Pages workflow builds it: with the PDFs and the offline copy."""
    for tool in ("pdftotext", "pdffonts", "pdftoppm"):
        if shutil.which(tool) is None:  # a setup error, never a silent skip
            pytest.fail(f"{tool} is missing: `make browser-deps` installs poppler-utils (make test does)")
    site = tmp_path_factory.mktemp("site-with-pdf")
    with engine_lock(request.config):  # builds of this checkout share its cache: one at a time
        proc = mkdocs_build(ROOT, site, **{PDF_ENV: "1", COPY_ENV: "1"})
    assert proc.returncode == 0, f"mkdocs build --strict with {PDF_ENV}=1 failed:\n{proc.stderr[-6000:]}"
    for lang in LANGS:
        assert f"pdf: pdf/{pdf_name(lang)}, " in proc.stderr, proc.stderr[-3000:]
    return site


def pdf(site: Path, lang: str) -> Path:
    return site / "pdf" / pdf_name(lang)


def pdftotext_pages(path: Path) -> list[str]:
    """The text of each page, as poppler's pdftotext reads it (pages end with a form feed)."""
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True, timeout=120)
    assert out.returncode == 0, out.stderr.decode()
    return out.stdout.decode("utf-8").split("\f")[:-1]


def squeeze(text: str) -> str:
    """Text without whitespace: a title may wrap, and pdftotext spaces CJK and Latin as it reads them."""
    return re.sub(r"\s+", "", text)


def config() -> dict:
    return yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)


def nav_sections() -> list[tuple[str, list[tuple[str, str | None]]]]:
    """(part title in Chinese, its pages as (source, the nav's own title for it or None)), in nav order."""
    return [
        (title, [next(iter(p.items()))[::-1] if isinstance(p, dict) else (p, None) for p in pages])
        for part in config()["nav"]
        for title, pages in part.items()
    ]


def translated(title: str, lang: str) -> str:
    """A title the nav gives (a part's, the home page's), in `lang` (mkdocs.yml's nav_translations)."""
    if lang == "zh":
        return title
    (i18n,) = [p["i18n"] for p in config()["plugins"] if isinstance(p, dict) and "i18n" in p]
    (words,) = [language["nav_translations"] for language in i18n["languages"] if language["locale"] == lang]
    return words[title]


def chapter_title(site: Path, lang: str, src: str) -> str:
    """The chapter's title as the site shows it at the top of the page: its <h1>."""
    url = "" if src == "index.md" else src.removesuffix(".md").removesuffix(".ipynb") + "/"
    html = (site / ("en/" if lang == "en" else "") / url / "index.html").read_text(encoding="utf-8")
    return LexborHTMLParser(html).css_first("article h1").text().replace("¶", "").strip()


def entry_title(site: Path, lang: str, src: str, named: str | None) -> str:
    """The chapter's title in the table of contents and the outline: the nav's (首页, Home), or its <h1>."""
    return translated(named, lang) if named else chapter_title(site, lang, src)


def book(site: Path, lang: str, title=chapter_title) -> list[str]:
    """Every part and chapter title, in nav order: chapters as their pages begin, or (`entry_title`) as the
    table of contents lists them."""
    titles = []
    for part, pages in nav_sections():
        titles.append(translated(part, lang))
        for src, named in pages:
            titles.append(
                chapter_title(site, lang, src) if title is chapter_title else title(site, lang, src, named)
            )
    return titles


def starts(pages: list[str], titles: list[str], first: int) -> list[int]:
    """The page (0-based) where each title begins a page, each after the one before, from page `first`."""
    found, at = [], first
    for title in titles:
        want = squeeze(title)
        at = next((i for i in range(at, len(pages)) if squeeze(pages[i]).startswith(want)), None)
        assert at is not None, f"no page after page {found[-1] + 1 if found else first} begins with {title!r}"
        found.append(at)
        at += 1
    return found


def contents_page(pages: list[str], lang: str) -> int:
    (toc,) = [i for i, text in enumerate(pages[:5]) if squeeze(text).startswith(TOC_TITLE[lang])]
    return toc


def first_pages(site: Path, lang: str, pages: list[str]) -> dict[str, int]:
    """Each chapter (its source, as nav() names it) -> the page it begins on (0-based)."""
    chapters = [src for _, pages in nav_sections() for src, _ in pages]
    titles = [chapter_title(site, lang, src) for src in chapters]
    return dict(zip(chapters, starts(pages, titles, first=contents_page(pages, lang) + 1), strict=True))


@pytest.mark.exhaustive
@pytest.mark.parametrize("lang", LANGS)
def test_every_part_and_chapter_begins_a_page_in_nav_order(pdf_site, lang):
    pages = pdftotext_pages(pdf(pdf_site, lang))
    assert [src for _, pages in nav_sections() for src, _ in pages] == nav()
    toc = contents_page(pages, lang)
    assert toc == 1, "the table of contents comes right after the cover"
    titles = book(pdf_site, lang)
    found = starts(pages, titles, first=toc + 1)  # each after the one before: nav order
    # the cover names the book, the torch the build ran and the day it was built
    cover = pages[0]
    assert squeeze(chapter_title(pdf_site, lang, "index.md")) in squeeze(cover)
    assert f"torch {pdf_export.pins()['torch']}" in cover
    assert re.search(r"\d{4}-\d\d-\d\d", cover)
    # the table of contents lists every part and chapter, in order
    toc_text, positions = squeeze("".join(pages[toc : found[0]])), [0]
    for title in book(pdf_site, lang, entry_title):
        positions.append(toc_text.find(squeeze(title), positions[-1]))
        assert positions[-1] >= 0, f"{title!r} is not in the table of contents after the entry before it"


@pytest.mark.exhaustive
@pytest.mark.parametrize("lang", LANGS)
def test_every_font_is_embedded_and_the_chinese_one_by_name(pdf_site, lang):
    out = subprocess.run(["pdffonts", str(pdf(pdf_site, lang))], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    rows = [line.split() for line in out.stdout.splitlines()[2:]]
    fonts = {row[0]: row for row in rows}
    # name, type..., then emb sub uni object ID: every font embedded, as a subset, with a Unicode map
    assert all(row[-5:-2] == ["yes", "yes", "yes"] for row in rows), out.stdout
    assert not [row for row in rows if "Type" in row and row[row.index("Type") + 1] == "3"], (
        "a Type 3 font: Chromium drew something in a font with CFF outlines (Noto Sans CJK?)\n" + out.stdout
    )
    cjk = [name for name in fonts if name.split("+")[-1] == "WenQuanYiMicroHei"]
    chinese = re.search(r"[\u4e00-\u9fff]", "".join(pdftotext_pages(pdf(pdf_site, lang))))
    assert bool(cjk) == bool(chinese), f"Chinese text: {bool(chinese)}; fonts:\n{out.stdout}"
    if lang == "zh":
        assert cjk


@pytest.mark.exhaustive
@pytest.mark.parametrize("lang", LANGS)
def test_the_first_page_of_three_chapters_renders(pdf_site, lang, tmp_path):
    from PIL import Image

    first = first_pages(pdf_site, lang, pdftotext_pages(pdf(pdf_site, lang)))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for src in RENDERED:
        number = first[src]
        stem = tmp_path / "page"
        subprocess.run(
            [
                "pdftoppm",
                "-png",
                "-r",
                "60",
                "-f",
                str(number + 1),
                "-l",
                str(number + 1),
                "-singlefile",
                str(pdf(pdf_site, lang)),
                str(stem),
            ],
            check=True,
            timeout=120,
        )
        png = stem.with_suffix(".png")
        with Image.open(png) as image:
            assert image.size == (496, 702), image.size  # A4 at 60 dpi
            inked = sum(image.convert("L").histogram()[:200]) / (image.width * image.height)
        assert 0.02 < inked < 0.6, f"{src}: {inked:.1%} of page {number + 1} inked"
        shutil.copyfile(png, ARTIFACTS / f"{lang}-{src.replace('/', '-')}.png")


@pytest.mark.exhaustive
@pytest.mark.parametrize("lang", LANGS)
def test_the_size_is_bounded(pdf_site, lang):
    from pypdf import PdfReader

    path = pdf(pdf_site, lang)
    assert 1 * 2**20 < path.stat().st_size <= MAX_BYTES, f"{path.name}: {path.stat().st_size / 2**20:.1f} MB"
    assert 200 < len(PdfReader(path).pages) <= MAX_PAGES


def links(reader, number: int) -> dict[str, int]:
    """Link annotations of page `number` that go inside the PDF: destination name -> page it lands on."""
    found = {}
    for annot in reader.pages[number].get("/Annots") or ():
        annot = annot.get_object()
        if annot.get("/Subtype") == "/Link" and "/Dest" in annot:
            name = str(annot["/Dest"])
            found[name] = reader.get_destination_page_number(reader.named_destinations[name])
    return found


@pytest.mark.exhaustive
@pytest.mark.parametrize("lang", LANGS)
def test_links_between_chapters_land_on_their_page(pdf_site, lang):
    from pypdf import PdfReader

    reader = PdfReader(pdf(pdf_site, lang))
    first = first_pages(pdf_site, lang, pdftotext_pages(pdf(pdf_site, lang)))
    key = "" if lang == "zh" else "en-"  # print-site's anchor for a chapter: its URL
    # the table of contents: each entry lands on the page its chapter begins
    contents = links(reader, 1) | links(reader, 2)
    for src in ("install.md", "tensors.md", "capstone.md", "notebooks/train-classifier.ipynb"):
        anchor = key + src.removesuffix(".md").removesuffix(".ipynb").replace("/", "-")
        assert contents[f"/{anchor}"] == first[src], src
    # running text: the Tensors chapter links the next chapter, and the link lands where that one begins
    tensors = range(first["tensors.md"], first["tensors-ops.md"])
    inside = {name: at for number in tensors for name, at in links(reader, number).items()}
    assert inside.get(f"/{key}tensors-ops") == first["tensors-ops.md"], inside
    # the outline: the parts, each with its chapters, each going to its first page
    outline = [
        (item.title, reader.get_destination_page_number(item))
        for item in reader.outline
        if not isinstance(item, list)
    ]
    assert [title for title, _ in outline] == [translated(p, lang) for p, _ in nav_sections()]
    chapters = [item for item in reader.outline if isinstance(item, list)]
    assert [[c.title for c in part] for part in chapters] == [
        [entry_title(pdf_site, lang, src, named) for src, named in pages] for _, pages in nav_sections()
    ]
    assert [page for _, page in outline] == sorted(page for _, page in outline)
    starts_at = [reader.get_destination_page_number(c) for part in chapters for c in part]
    assert starts_at == list(first.values()), "an outline entry that does not go to its chapter's first page"


@pytest.mark.exhaustive
def test_the_offline_zip_holds_the_pdfs_and_its_home_pages_link_them(pdf_site):
    with zipfile.ZipFile(pdf_site / ZIP_NAME) as zf:
        for lang in LANGS:
            assert zf.read(f"{FOLDER}/pdf/{pdf_name(lang)}") == pdf(pdf_site, lang).read_bytes()
        assert 'href="pdf/pytorch-notes.zh.pdf"' in zf.read(f"{FOLDER}/index.html").decode()
        assert 'href="../pdf/pytorch-notes.en.pdf"' in zf.read(f"{FOLDER}/en/index.html").decode()
    # and the hosted site's home pages link them too
    assert 'href="pdf/pytorch-notes.zh.pdf"' in (pdf_site / "index.html").read_text(encoding="utf-8")
    assert 'href="../pdf/pytorch-notes.en.pdf"' in (pdf_site / "en" / "index.html").read_text(
        encoding="utf-8"
    )
