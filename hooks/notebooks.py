"""MkDocs hook: the notebook pages that hooks/notebook_sources.py generated, rendered by mkdocs-jupyter.

mkdocs-static-i18n rebuilds every file after mkdocs-jupyter has wrapped the notebooks (its issue #198),
so on_files re-wraps them afterwards with the destination paths i18n chose, reading each from the build's
folder (.cache/notebooks/), never from docs/. Headings get the site's anchors; nbconvert's CDN loaders go.
The finished page (JupyterLab's stylesheet pruned to what it uses) is kept on disk under its HTML, so a warm
build does not prune it again.
"""

from __future__ import annotations

import re
from importlib.metadata import version
from pathlib import Path

import _notebook_css
from _memo import DiskMemo, digest
from _notebook_css import full_stylesheet, prune_page, size_cells
from _state import generated_path
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs_jupyter.plugin import NotebookFile
from pymdownx.slugs import slugify

# nbconvert's page template ships loaders that would fetch mermaid from a CDN and an empty MathJax tag;
# the site must make no third-party request, so notebook pages go without them (the site's own KaTeX
# typesets a notebook's formulas: hooks/page_scripts.py).
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

# A code cell's source box scrolls sideways when a line is longer than the page is wide; keyboard users must
# be able to reach and scroll it (axe: scrollable-region-focusable), as they can the site's own code blocks.
CODE_CELL = '<div class="highlight-ipynb hl-python">'


@event_priority(-200)  # after mkdocs-static-i18n (-100)
def on_files(files, config):
    """Re-wrap the notebooks i18n turned back into plain files, keeping the paths i18n gave them and reading
    each from where hooks/notebook_sources.py wrote it."""
    for file in list(files):
        if file.src_uri.endswith(".ipynb") and not isinstance(file, NotebookFile):
            page = NotebookFile(file, use_directory_urls=config.use_directory_urls, site_dir=config.site_dir)
            page.dest_uri, page.abs_dest_path, page.url = file.dest_uri, file.abs_dest_path, file.url
            page.abs_src_path = str(generated_path(file.src_uri))
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

    return NB_HEADING.sub(anchor, html).replace(CODE_CELL, CODE_CELL[:-1] + ' tabindex="0">')


FINISHED = DiskMemo("notebook-pages", "")  # keyed in on_config: this file, the pruner, the stylesheet


def on_config(config):
    sources = [Path(__file__), Path(_notebook_css.__file__)]
    parts = [p.read_text(encoding="utf-8") for p in sources] + [version("tinycss2"), full_stylesheet()]
    FINISHED.rekey(digest("\0".join(parts)))
    FINISHED.load(Path(config.config_file_path).parent / ".cache")
    return config


def _finished(output: str, where: str) -> str:
    return size_cells(prune_page(CDN_LOADERS.sub("", output), where), where)


def on_post_page(output, page, config):
    if isinstance(page.file, NotebookFile):
        where = page.file.src_uri
        output = FINISHED.get((where, digest(output)), lambda: _finished(output, where))
    return output
