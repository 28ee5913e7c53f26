"""MkDocs hook: every chapter page as a notebook in its language, offered for download and in Colab.

A chapter is a page of the nav outside its last part (the appendix) other than the home page
(_pages.chapter_pages). For each chapter page this hook turns the page's Markdown, as its author wrote it,
into a notebook (hooks/_chapter_notebook.py) with the outputs of this build's runs, writes it to
.cache/notebooks/<lang>/<page>.ipynb (beside the example notebooks hooks/notebook_sources.py writes under
<lang>/notebooks/: that folder is the set the Pages workflow publishes to the `notebooks` branch) and next to
the page in the site, and gives the page what overrides/main.html shows: a download link and an "Open in
Colab" link. The example notebook pages get the Colab link too.

The Colab address is https://colab.research.google.com/github/<owner>/<repo>/blob/<branch>/<lang>/<page>.ipynb,
with owner and repository read from `extra.source_url` (mkdocs.yml; a fork's Pages build sets SOURCE_URL) and
the branch the workflow publishes to (NOTEBOOK_BRANCH). A source_url that is not a GitHub repository gives no
Colab link.

Building the cells is string work; checking and writing a notebook (nbformat) happens only when the cells
changed: each notebook's text is kept in a memo (hooks/_memo.py, .cache/render/) keyed by its cells, and a
file is rewritten only when its text differs. Notebooks of pages that are gone are removed after a whole
build.
"""

from __future__ import annotations

import json
import re
from importlib.metadata import version
from pathlib import Path

import nbformat
from _chapter_notebook import (
    chapter_cells,
    launched_folders,
    notebook,
    requirements,
    setup_source,
    site_links,
    unfold,
)
from _comments import CommentError
from _includes import INCLUDE_LINE
from _matrix import RESULTS, RUNS_FROM, runs_from
from _memo import DiskMemo, digest
from _pages import chapter_pages
from _state import GENERATED, site_run
from _texts import texts_for, verified_line
from build_facts import fill, pins
from code_comments import shown_text
from execute_snippets import FIGURE_IMAGE
from file_diffs import MARKER as DIFF_MARKER
from file_diffs import render as render_diffs
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

NOTEBOOK_BRANCH = "notebooks"  # .github/workflows/pages.yml publishes .cache/notebooks/ to this branch
COLAB = "https://colab.research.google.com/github/{repo}/blob/{branch}/{path}"
GITHUB_REPO = re.compile(r"^https://github\.com/(?P<repo>[\w.-]+/[\w.-]+?)(?:\.git)?/?$")
MEMO = DiskMemo("chapter-notebooks", version("nbformat"))
HOOKS = Path(__file__).resolve().parent
ROOT = HOOKS.parent
HERE_FILES = (  # what the notebooks are made by: a change to one makes every notebook again
    HOOKS / "chapter_notebooks.py",
    HOOKS / "_chapter_notebook.py",
    HOOKS / "data" / "texts.toml",
    ROOT / "requirements.txt",
)
written: dict[str, str] = {}  # this whole build's chapter notebooks: "<lang>/<page>.ipynb" -> text


def colab_url(config, published: str) -> str | None:
    """The Colab address of `published` (<lang>/<page>.ipynb in the branch), None without a GitHub repo."""
    m = GITHUB_REPO.match(config.extra.get("source_url") or "")
    return COLAB.format(repo=m["repo"], branch=NOTEBOOK_BRANCH, path=published) if m else None


def _page(src_uri: str) -> tuple[str, str]:
    """("zh", "optim.md") for "zh/optim.md"."""
    lang, _, page = src_uri.partition("/")
    return lang, page


def _published(lang: str, page: str) -> str:
    return f"{lang}/{page.removesuffix('.md').removesuffix('.ipynb')}.ipynb"


_fixed = {"digest": ""}  # of HERE_FILES and the matrix results, taken once per build


def on_config(config):
    texts = [f.read_text(encoding="utf-8") if f.exists() else "" for f in (*HERE_FILES, RESULTS)]
    _fixed["digest"] = digest("\0".join(texts))
    MEMO.load(Path(config.config_file_path).parent / ".cache")
    if not config.plugins["i18n"].building:
        written.clear()
    return config


def _files_urls(files) -> str:
    """One digest of where every page is served (what the notebook's links to other pages point at)."""
    known = getattr(files, "_chapter_notebooks_key", None)
    if known is None or known[0] != len(files):
        listing = sorted((f.src_uri, f.url) for f in files if f.src_uri.endswith(".md"))
        known = files._chapter_notebooks_key = (len(files), digest(repr(listing)))
    return known[1]


def _inputs(markdown: str, page, config, files, run) -> str:
    """A digest of everything the page's notebook is made from, cheap to take: the page, each file it
    includes or diffs with its folder's translations, each snippet's record and recording, this hook and its
    helper, the words, the pins, the version matrix, the site's addresses."""
    parts = [markdown, page.file.src_uri, config.site_url or "", config.extra.get("source_url") or ""]
    parts.append(_files_urls(files))
    parts.append(_fixed["digest"])
    paths = [m["path"] for m in INCLUDE_LINE.finditer(markdown)]
    paths += [p for m in DIFF_MARKER.finditer(markdown) for p in (m["old"], m["new"])]
    for path in paths:
        file = ROOT / path
        parts.append(file.read_text(encoding="utf-8") if file.is_file() else "")
        for data in file.parent.glob("comments.*.toml"):
            parts.append(data.read_text(encoding="utf-8"))
        record, recording = run.records.get(path), run.recordings.get(path)
        parts.append(json.dumps(record.to_json(), sort_keys=True) if record else "")
        parts.append(f"{recording.output}{recording.stale}" if recording else "")
    return digest("\0".join(parts))


@event_priority(100)  # the page as its author wrote it, before any hook adds outputs or translates includes
def on_page_markdown(markdown, page, config, files):
    lang, name = _page(page.file.src_uri)
    if name not in chapter_pages(config["nav"]) or not name.endswith(".md"):
        return markdown
    run = site_run(config)
    published = _published(lang, name)
    key = (published, _inputs(markdown, page, config, files, run))
    written[published] = MEMO.get(key, lambda: _notebook_text(markdown, page, config, files, run))
    target = GENERATED / published
    if not target.exists() or target.read_text(encoding="utf-8") != written[published]:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(written[published], encoding="utf-8")
    return markdown


def _notebook_text(markdown: str, page, config, files, run) -> str:
    lang, _ = _page(page.file.src_uri)
    words = texts_for(lang)
    where = page.file.src_uri

    def url_of(src_uri: str) -> str | None:
        file = files.get_file_from_path(src_uri)
        if file is None or not config.site_url:
            return None
        return config.site_url.rstrip("/") + "/" + file.url

    def shown_output(path: str) -> tuple[str, dict[str, str]]:
        record, recording = run.records[path], run.recordings.get(path)
        if record.status == "ok":
            return record.output, dict(record.figures)
        if recording is not None and not recording.stale:
            return recording.output, {}
        return "", {}

    try:
        text = fill(markdown, where, pins(), config.extra.get("source_url") or "")
        text = render_diffs(text, where, lang)
        text = RUNS_FROM.sub(lambda m: runs_from(m["path"]) or m[0], text)
        text = FIGURE_IMAGE.sub("", unfold(text))
        text = site_links(text, page.file.src_uri, url_of)
        shown = lambda path, section: shown_text(path, section, lang)  # noqa: E731
        cells, snippets = chapter_cells(text, shown, shown_output, words["chapter_notebook"])
    except (CommentError, ValueError, KeyError) as exc:
        raise PluginError(f"{where}: its notebook: {exc}") from None
    records = [run.records[p] for p in snippets if run.records[p].status == "ok"]
    torch = records[0].torch if records else pins()["torch"]
    own = words["chapter_notebook"]
    setup = nbformat.v4.new_code_cell(
        setup_source(own, requirements(snippets, pins()), launched_folders(snippets), torch),
        outputs=[
            nbformat.v4.new_output(
                "stream", name="stdout", text=f"{own['torch_here']} {torch}\n{own['torch_page']} {torch}\n"
            )
        ],
    )
    title, _, rest = cells[0].source.partition("\n")  # the page's "# Title" line, then the rest of its prose
    cells[0:1] = [nbformat.v4.new_markdown_cell(title)]
    if records:  # under the title, as on the page
        note = f"> **{words['verified']}**\n>\n> {verified_line(records, lang)}"
        cells.append(None)
        cells[1:] = [nbformat.v4.new_markdown_cell(note), *cells[1:-1]]
    if rest.strip():
        cells.insert(2 if records else 1, nbformat.v4.new_markdown_cell(rest.strip()))
    return nbformat.writes(nbformat.from_dict(notebook([setup, *cells])))


def on_page_context(context, page, config, nav):
    lang, name = _page(page.file.src_uri)
    if name not in chapter_pages(config["nav"]):
        return context
    published = _published(lang, name)
    words = texts_for(lang)["chapter_notebook"]
    page.meta["notebook"] = {
        "file": None if name.endswith(".ipynb") else Path(published).name,  # a notebook page has its own
        "download": words["download"],
        "colab": colab_url(config, published),
        "colab_label": words["colab"],
    }
    return context


def on_post_page(output, page, config):
    lang, name = _page(page.file.src_uri)
    published = _published(lang, name)
    if name.endswith(".md") and published in written:
        target = Path(page.file.abs_dest_path).parent / Path(published).name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(written[published], encoding="utf-8")
    return output


@event_priority(-200)  # after mkdocs-static-i18n (-100) has built the other languages
def on_post_build(config):
    if config.plugins["i18n"].building:
        return
    for old in GENERATED.glob("*/*.ipynb"):  # chapter notebooks only; <lang>/notebooks/ is notebook_sources'
        if old.relative_to(GENERATED).as_posix() not in written:
            old.unlink()
