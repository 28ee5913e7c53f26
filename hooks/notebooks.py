"""MkDocs hook: each examples/*.py written as jupytext percent cells becomes an executed notebook page.

Markdown cells carry `lang="zh"` or `lang="en"`; code cells are shared. For every site language this hook
keeps that language's prose, adds the outputs of the shared code cells (executed once per build by
docs_runner.notebooks in a child of the fork server, cached like snippets), adds the "verified with" line,
and writes it to docs/<lang>/notebooks/<name>.ipynb (generated, git-ignored). mkdocs-jupyter renders it
and offers the .ipynb for download.

mkdocs-static-i18n rebuilds every file after mkdocs-jupyter has wrapped the notebooks (its issue #198),
so on_files re-wraps them afterwards with the destination paths i18n chose.
"""

from __future__ import annotations

import re
from pathlib import Path

import jupytext
import nbformat
from _state import site_run
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs_jupyter.plugin import NotebookFile
from notebook_css import prune_page, size_cells
from pymdownx.slugs import slugify
from texts import texts_for, verified_line

from docs_runner.notebooks import notebook_examples
from docs_runner.paths import ROOT
from docs_runner.records import Record

# nbconvert's page template ships loaders that would fetch mermaid from a CDN and an empty MathJax tag;
# the site must make no third-party request, so notebook pages go without them (notebooks use no math).
CDN_LOADERS = re.compile(
    r'<script type="module">(?:(?!</script>).)*cdnjs\.cloudflare\.com(?:(?!</script>).)*</script>'
    r'|<script src="">\s*</script>',
    re.DOTALL,
)


# nbconvert gives Chinese headings an empty id while the page's TOC points at "_1", "_2"…; rewrite both with
# the slugify the rest of the site uses (mkdocs.yml: toc.slugify), so anchors are readable and TOC links work.
NB_HEADING = re.compile(
    r'<h(?P<level>[1-6]) id="[^"]*">(?P<title>.*?)<a class="anchor-link" href="#[^"]*">¶</a></h(?P=level)>'
)
SLUGIFY = slugify(case="lower")


def page_name(example: Path) -> str:
    return example.stem.replace("_", "-")


def localise(example: Path, lang: str) -> nbformat.NotebookNode:
    nb = jupytext.read(example)
    nb.cells = [c for c in nb.cells if c.metadata.get("lang", lang) == lang]
    for i, cell in enumerate(nb.cells):
        cell.metadata.pop("lang", None)
        cell.id = f"cell-{i}"  # stable ids keep the cache key stable
    nb.metadata = {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"},
    }
    return nb


def build_notebook(example: Path, lang: str, record: Record, outputs: list[list[dict]]) -> None:
    nb = localise(example, lang)
    code = [c for c in nb.cells if c.cell_type == "code"]
    for count, (cell, cell_outputs) in enumerate(zip(code, outputs, strict=True), start=1):
        cell.outputs = [nbformat.from_dict(o) for o in cell_outputs]
        cell.execution_count = count
    note = f"> **{texts_for(lang)['verified']}**\n>\n> {verified_line([record], lang)}"
    nb.cells.insert(1, nbformat.v4.new_markdown_cell(note, id="verified-with"))
    target = ROOT / "docs" / lang / "notebooks" / f"{page_name(example)}.ipynb"
    text = nbformat.writes(nb)
    # Rewrite only on change, so `mkdocs serve` does not see its own output and rebuild forever.
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def on_pre_build(config):
    run = site_run(config)
    languages = [lang.locale for lang in config.plugins["i18n"].config.languages]
    for example in notebook_examples():
        rel = example.relative_to(ROOT).as_posix()
        for lang in languages:
            build_notebook(example, lang, run.records[rel], run.notebooks[rel])


@event_priority(-200)  # after mkdocs-static-i18n (-100)
def on_files(files, config):
    """Re-wrap the notebooks i18n turned back into plain files, keeping the paths i18n gave them."""
    for file in list(files):
        if file.src_uri.endswith(".ipynb") and not isinstance(file, NotebookFile):
            page = NotebookFile(file, use_directory_urls=config.use_directory_urls, site_dir=config.site_dir)
            page.dest_uri, page.abs_dest_path, page.url = file.dest_uri, file.abs_dest_path, file.url
            files.remove(file)
            files.append(page)
    return files


def _toc_in_order(items):
    for item in items:
        yield item
        yield from _toc_in_order(item.children)


def on_page_content(html, page, config, files):
    if not isinstance(page.file, NotebookFile):
        return html
    toc = list(_toc_in_order(page.toc))
    headings = list(NB_HEADING.finditer(html))
    if len(toc) != len(headings):
        raise PluginError(f"{page.file.src_uri}: {len(headings)} headings but {len(toc)} TOC entries")
    for item in toc:
        item.id = SLUGIFY(item.title, "-")

    ids = iter(item.id for item in toc)

    def anchor(m: re.Match) -> str:
        heading_id = next(ids)
        return (
            f'<h{m["level"]} id="{heading_id}">{m["title"]}'
            f'<a class="headerlink" href="#{heading_id}">¶</a></h{m["level"]}>'
        )

    return NB_HEADING.sub(anchor, html)


def on_post_page(output, page, config):
    if isinstance(page.file, NotebookFile):
        output = size_cells(prune_page(CDN_LOADERS.sub("", output), page.file.src_uri), page.file.src_uri)
    return output
