"""MkDocs hook: the downloadable offline copy, site/pytorch-notes-offline.zip, that works from file://.

Opt-in: with PYTORCH_NOTES_OFFLINE_COPY=1 (`make offline`; the Pages workflow sets it for the published
site), `mkdocs build` ends with a second build of the same project with PYTORCH_NOTES_OFFLINE=true, which
turns on Material's `offline` plugin (mkdocs.yml): pages become tensors.html instead of tensors/ (a folder
URL means nothing on file://), and search loads its index as a script, because file:// pages may not fetch.
Three things the plugin alone does not get right here, so this hook does them in the offline build:

- It loads the worker shim (iframe-worker) from unpkg.com; the copy must not reach any host, so the shim is
  shipped from hooks/vendor/iframe-worker/ (see SOURCE there) and named in `extra.polyfills` first, which
  keeps the plugin from adding its CDN address.
- It writes search/search_index.js once, from the index of every language merged by mkdocs-static-i18n;
  hooks/search_per_language.py then splits the JSON. Here each language gets the script of its own index,
  written after that split.
- The second build reuses the snippet cache of the first, so it runs nothing (it fails if it has to). It
  runs in a process group of its own, stopped whole, with an error saying so, past BUILD_TIMEOUT_S.

The copy has no llms.txt, llms-full.txt or per-page Markdown copies (PYTORCH_NOTES_LLMS_TXT=false turns the
llmstxt plugin off there): they are for tools that read the hosted site, and turning each page into Markdown
was the larger half of the second build's rendering.

The copy is zipped under one folder, pytorch-notes/, with fixed timestamps (same bytes for the same site).
When the same build made the PDFs (PYTORCH_NOTES_PDF=1, hooks/pdf_export.py, which runs just before this
hook), the copy holds them too, in pdf/, where its home pages link them.

Without PYTORCH_NOTES_OFFLINE_COPY=1 (and always under `mkdocs serve`) the copy is skipped, saying so in
one INFO line: the second build doubled the time of every build (about 8 s of a 15 s warm build). A site
without the zip must not link to it, so the paragraph of a page that links the zip (the home pages) is left
out of such a build; so is it in the copy itself, which is the download. A link to the zip anywhere else
than in a paragraph fails the build, naming the page.
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import tempfile
import time
import zipfile
from pathlib import Path

from _inner_build import run_build  # the build in a child process, stopped whole on a timeout
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

ENV = "PYTORCH_NOTES_OFFLINE"  # "true" in the second build, the one that becomes the copy
COPY_ENV = "PYTORCH_NOTES_OFFLINE_COPY"  # "1": this `mkdocs build` makes the copy too
# "false" in the second build: no llms.txt in the copy (hooks/llms_txt.py says why)
LLMS_TXT_ENV = "PYTORCH_NOTES_LLMS_TXT"
ZIP_NAME = "pytorch-notes-offline.zip"
FOLDER = "pytorch-notes"  # the one folder inside the zip
SHIM = Path(__file__).resolve().parent / "vendor" / "iframe-worker" / "shim.js"
SHIM_DEST = "assets/javascripts/iframe-worker-shim.js"
ZIP_DATE = (2020, 1, 1, 0, 0, 0)
PDFS = "pdf"  # site/pdf/, the PDFs hooks/pdf_export.py makes (PYTORCH_NOTES_PDF=1) before this hook's turn

ZIP_LINK = re.compile(rf'href="[^"]*{re.escape(ZIP_NAME)}"')
ZIP_PARAGRAPH = re.compile(rf"<p>(?:(?!</p>).)*?{ZIP_LINK.pattern}(?:(?!</p>).)*</p>\n?", re.S)
# The copy's build took 26 s in the tests and 13 s under make offline (bench/measured.md); the limit only
# turns a build that hangs into an error that says so, instead of a build that never ends.
BUILD_TIMEOUT_S = 300
_command = {"name": None}
log = logging.getLogger("mkdocs.hooks.offline_copy")


def offline_build() -> bool:
    return os.environ.get(ENV) == "true"


def copy_requested() -> bool:
    return os.environ.get(COPY_ENV) == "1"


def makes_copy() -> bool:
    """This process builds the site and then its offline copy."""
    return _command["name"] == "build" and copy_requested() and not offline_build()


def on_startup(command, dirty):
    _command["name"] = command


def on_page_content(html, page, config, files):
    """Without the zip, the paragraph that offers it goes (before search indexes the page)."""
    if makes_copy() or not ZIP_LINK.search(html):
        return html
    html = ZIP_PARAGRAPH.sub("", html)
    if ZIP_LINK.search(html):
        raise PluginError(f"{page.file.src_uri}: a link to {ZIP_NAME} outside a paragraph ({__name__})")
    return html


@event_priority(100)  # before Material's offline plugin, which adds the unpkg shim unless one is named
def on_config(config):
    if offline_build():
        config.extra["polyfills"] = [SHIM_DEST]
    return config


@event_priority(-300)  # after mkdocs-static-i18n (-100) merged and hooks/search_per_language.py (-200) split
def on_post_build(config):
    if config.plugins["i18n"].building:
        return  # a nested per-language build; the whole site is not there yet
    site = Path(config.site_dir)
    if offline_build():
        finish_offline_site(site)
    elif _command["name"] != "build":
        return
    elif not copy_requested():
        (site / ZIP_NAME).unlink(missing_ok=True)  # a copy left by an earlier build would be out of date
        log.info("offline copy: skipped (set %s=1 or run make offline)", COPY_ENV)
    else:
        (site / ZIP_NAME).unlink(missing_ok=True)
        start = time.perf_counter()
        with tempfile.TemporaryDirectory(prefix="pytorch-notes-offline-") as tmp:
            pages = build_offline(Path(config.config_file_path), Path(tmp) / FOLDER)
            if (site / PDFS).is_dir():  # this build made the PDFs just before (hooks/pdf_export.py)
                shutil.copytree(site / PDFS, Path(tmp) / FOLDER / PDFS)
            write_zip(Path(tmp) / FOLDER, site / ZIP_NAME)
        size = (site / ZIP_NAME).stat().st_size / 2**20
        seconds = time.perf_counter() - start
        log.info("offline copy: %s, %.1f MB, built in %.1f s; its %s", ZIP_NAME, size, seconds, pages)


def finish_offline_site(site: Path) -> None:
    target = site / SHIM_DEST
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SHIM, target)
    indexes = sorted(site.rglob("search/search_index.json"))
    if not indexes:
        raise PluginError(f"{__name__}: the offline build wrote no search index")
    for index in indexes:
        data = json.loads(index.read_text(encoding="utf-8"))  # must be the split, valid JSON
        script = "var __index = " + json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        index.with_suffix(".js").write_text(script, encoding="utf-8")


def build_offline(config_file: Path, site_dir: Path) -> str:
    """Build the offline copy into `site_dir`, in a process group of its own that is stopped, whole, if the
    build outlives BUILD_TIMEOUT_S or this one is interrupted; its "pages: N rendered, M from memo" line."""
    return run_build(
        config_file,
        site_dir,
        inner_env(),
        "the offline copy's build",
        BUILD_TIMEOUT_S,
        "offline_copy.BUILD_TIMEOUT_S",
    )


def inner_env() -> dict[str, str]:
    """The second build's environment: offline, without llms.txt, and not asked to make a copy of its own."""
    env = {k: v for k, v in os.environ.items() if k != COPY_ENV}
    return {**env, ENV: "true", LLMS_TXT_ENV: "false", "NO_MKDOCS_2_WARNING": "1"}


def write_zip(folder: Path, target: Path) -> None:
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            info = zipfile.ZipInfo(f"{FOLDER}/{path.relative_to(folder).as_posix()}", ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())
