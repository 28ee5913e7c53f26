"""Chromium prints hooks/pdf_export.py's print pages to PDF, with Playwright's `page.pdf` driving Debian's
/usr/bin/chromium (never a browser that Playwright downloads). Private helper of hooks/pdf_export.py.

The browser reads the print build's folder through Playwright's request routing, under a made-up origin
(BASE): no server, no port, and a request for any other host is refused and fails the build, as does a file
that is not there (the PDF, as the site, needs nothing from the internet). Before it prints, in the page:
- the folded boxes open (exercise hints and solutions, the old notes' corrections; Material's script opens
  every <details> for printing anyway, so the print styles keep the version-matrix lines folded:
  hooks/_pdf_page.py);
- every figure is decoded and every font loaded, and KaTeX has typeset every formula, none in error;
- a link to an anchor that print-site did not carry over (it renames the ids of headings only) goes to the
  start of its chapter instead, and a link to a file of the site that is not a chapter (a notebook to
  download, a figure at full size) goes to that file on the hosted site (site_url).
Each PDF gets page numbers (the print page's @page rule) and an outline (bookmarks) of its parts and
chapters, written with pypdf from the table of contents. Not Chromium's own outline: that needs a tagged PDF,
which took twice as long to print and three times the bytes (the Chinese PDF: 78 s and 29 MB, untagged 40 s
and 10 MB).
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

from mkdocs.exceptions import PluginError

CHROMIUM = Path("/usr/bin/chromium")  # the browser of the browser tests too (tests/site/chromium.py)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
BASE = "http://pytorch-notes.print/"
TIMEOUT_MS = 180_000  # a whole course is one page: its layout takes a while on a busy 2-core machine

PREPARE = """async ({siteUrl, base}) => {
  const root = document.getElementById("print-site-page");
  const cover = document.querySelector("#print-site-cover-page .pdf-cover__title");
  if (cover) document.title = cover.textContent.trim();  // the PDF's title
  for (const box of root.querySelectorAll("details:not(.torch-versions)")) box.open = true;
  const images = [...root.querySelectorAll("img")];
  for (const img of images) img.loading = "eager";
  const broken = [];
  await Promise.all(images.map(img => img.decode().then(
    () => { if (!img.naturalWidth) broken.push(img.getAttribute("src")); },
    () => broken.push(img.getAttribute("src")))));
  await document.fonts.ready;
  const sections = [...root.querySelectorAll("section.print-page[id]")];
  const chapters = sections.map(s => s.id);
  const shadowed = sections.filter(s => document.getElementById(s.id) !== s).map(s => s.id);
  const missing = [];
  let retargeted = 0, hosted = 0;
  for (const a of root.querySelectorAll("a[href]")) {
    const href = a.getAttribute("href");
    if (href.startsWith("#")) {
      const id = decodeURIComponent(href.slice(1));
      if (!id || document.getElementById(id)) continue;
      const page = chapters.filter(c => id.startsWith(c + "-")).sort((x, y) => y.length - x.length)[0];
      if (page) { a.setAttribute("href", "#" + page); retargeted++; } else missing.push(href);
    } else if (a.href.startsWith(base)) {
      a.href = siteUrl + a.href.slice(base.length);
      hosted++;
    }
  }
  const outline = ul => [...ul.children].filter(li => li.tagName === "LI").map(li => {
    const a = li.querySelector(":scope > a"), sub = li.querySelector(":scope > nav > ul, :scope > ul");
    return {title: a.textContent.trim(), id: decodeURIComponent(a.getAttribute("href").slice(1)),
            children: sub ? outline(sub) : []};
  });
  const toc = document.querySelector("#print-page-toc nav > ul");
  return {
    broken, missing, shadowed, retargeted, hosted, outline: toc ? outline(toc) : [],
    formulas: root.querySelectorAll(".arithmatex").length,
    typeset: root.querySelectorAll(".arithmatex .katex").length,
    errors: root.querySelectorAll(".katex-error").length,
    toc: document.querySelectorAll("#print-page-toc a").length,
  };
}"""


def _route(site: Path, refused: list[str], absent: list[str]):
    def serve(route) -> None:
        url = route.request.url
        if not url.startswith(BASE):
            refused.append(url)
            route.abort()
            return
        path = site / unquote(urlsplit(url).path).lstrip("/")
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            absent.append(url.removeprefix(BASE))
            route.fulfill(status=404, body="")
            return
        route.fulfill(path=path)

    return serve


def print_pdfs(site: Path, jobs: dict[str, tuple[str, Path]], site_url: str) -> dict[str, str]:
    """Print each language's print page (`jobs`: language -> (its folder in `site`, the PDF to write));
    language -> "N pages, M MB, K links inside, in S s" for the log."""
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        raise PluginError(f"{CHROMIUM} is missing: `make browser-deps` installs Debian's chromium")
    made = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            for lang, (folder, target) in jobs.items():
                start = time.perf_counter()
                refused: list[str] = []
                absent: list[str] = []
                context = browser.new_context(locale={"zh": "zh-CN"}.get(lang, lang))
                context.set_default_timeout(TIMEOUT_MS)
                context.route("**/*", _route(site, refused, absent))
                page = context.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
                page.goto(f"{BASE}{folder}/", wait_until="load")
                report = page.evaluate(PREPARE, {"siteUrl": site_url.rstrip("/") + "/", "base": BASE})
                problems = _problems(report, refused, absent, errors)
                if problems:
                    raise PluginError(f"the {lang} PDF's print page: " + "; ".join(problems))
                target.parent.mkdir(parents=True, exist_ok=True)
                page.pdf(
                    path=target,
                    prefer_css_page_size=True,  # the print page's @page: A4, margins, page numbers
                    print_background=True,
                )
                context.close()
                made[lang] = (
                    f"{add_outline(target, report['outline'])}, in {time.perf_counter() - start:.0f} s"
                )
        finally:
            browser.close()
    return made


def _problems(report: dict, refused: list[str], absent: list[str], errors: list[str]) -> list[str]:
    problems = []
    if refused:
        problems.append(f"requests for other hosts, refused: {sorted(set(refused))[:10]}")
    if absent:
        problems.append(f"files the print build did not write: {sorted(set(absent))[:10]}")
    if errors:
        problems.append(f"JavaScript errors: {errors[:5]}")
    if report["broken"]:
        problems.append(f"figures that did not load: {report['broken'][:10]}")
    if report["errors"] or report["typeset"] < report["formulas"]:
        problems.append(
            f"KaTeX typeset {report['typeset']} of {report['formulas']} formulas, {report['errors']} in error"
        )
    if report["shadowed"]:
        problems.append(f"chapters whose id an element before them has: {report['shadowed'][:10]}")
    if report["missing"]:
        problems.append(f"links to no chapter of the PDF: {report['missing'][:10]}")
    if not report["toc"]:
        problems.append("no table of contents (print-site's script did not run?)")
    return problems


def internal_links(reader) -> int:
    """Link annotations of a PDF (a pypdf reader) that go to a place inside it."""
    count = 0
    for page in reader.pages:
        for annot in page.get("/Annots") or ():
            annot = annot.get_object()
            if annot.get("/Subtype") != "/Link":
                continue
            action = annot.get("/A")
            action = action.get_object() if action is not None else None
            if "/Dest" in annot or (action is not None and action.get("/S") == "/GoTo"):
                count += 1
    return count


def add_outline(pdf: Path, outline: list[dict]) -> str:
    """Give the PDF its outline (bookmarks): the table of contents, part by part and chapter by chapter, each
    entry going where that entry's link in the table of contents goes (a destination Chromium named after the
    anchor); "N pages, M MB, K links inside" for the log."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import Fit

    reader = PdfReader(pdf)
    # Cloning Skia's file counts a few objects more than its trailer's /Size and says so on stderr; the file
    # written below has its own, right, trailer.
    quiet = logging.getLogger("pypdf")
    level, quiet.level = quiet.level, logging.ERROR
    try:
        writer = PdfWriter(clone_from=reader)
    finally:
        quiet.setLevel(level)
    destinations = reader.named_destinations

    def add(items: list[dict], parent) -> None:
        for item in items:
            dest = destinations.get("/" + item["id"]) or destinations.get("/" + quote(item["id"]))
            if dest is None:
                raise PluginError(f"{pdf.name}: no destination in the PDF for its contents entry {item}")
            added = writer.add_outline_item(
                title=item["title"],
                page_number=reader.get_destination_page_number(dest),
                parent=parent,
                fit=Fit.xyz(left=dest.left, top=dest.top),
            )
            add(item["children"], added)

    add(outline, None)
    writer.page_mode = "/UseOutlines"  # a viewer opens with the bookmarks shown
    partial = pdf.with_suffix(".tmp")
    with partial.open("wb") as out:
        writer.write(out)
    partial.replace(pdf)
    size = pdf.stat().st_size / 2**20
    return f"{len(reader.pages)} pages, {size:.1f} MB, {internal_links(reader)} links inside"
