"""MkDocs hook: a warm build reuses the HTML of code it highlighted and notebooks it converted before.

A build with every snippet cached spent most of its time re-deriving HTML from unchanged input (cProfile of
`mkdocs build`, December 2026): Pygments highlighting 432 code blocks, 4.4 s; nbconvert turning 8 notebook
pages into HTML, 3.9 s, most of it compiling nbconvert's Jinja templates anew for each page; Jinja compiling
Material's templates once per language. Each of those is a pure function of its input and of package
versions, so this hook keeps their answers (hooks/_memo.py, .cache/render/):
- Pygments' `highlight(code, lexer, formatter)` as pymdownx.highlight calls it, keyed by the code and the
  lexer's and formatter's classes and options (the formatter's options hold everything pymdownx sets: CSS
  class, title, highlighted lines, line numbers); Pygments and pymdownx versions key the file;
- mkdocs-jupyter's `nb2html(path, **options)` and its table of contents (`_get_nb_toc_tokens`, a second
  nbconvert pass), keyed by the notebook's bytes and the options; mkdocs-jupyter,
  nbconvert, Pygments and jupytext versions key the file (mkdocs-jupyter's own `cache` option is keyed by
  neither versions nor the project, and each language's build would evict the other's entries);
- mkdocs-llmstxt's HTML-to-Markdown conversion of each page (`_generate_page_markdown`, a module function
  of its private `_internal.plugin`, which its `on_page_content` calls by name: about 0.5 s a page with
  BeautifulSoup, markdownify and mdformat), keyed by the page's HTML, URLs and options; mkdocs-llmstxt,
  markdownify, mdformat, mdformat-tables and beautifulsoup4 versions key the file;
- the theme's compiled templates, in Jinja's own bytecode cache (.cache/jinja), which checks each
  template's source;
- a page's Markdown turned into HTML (`Page.render`: its content, table of contents, title, anchors and links
  to other pages' anchors, all that MkDocs keeps of a render), keyed by the page's Markdown as the hooks left
  it, its paths, every file of the build with its URL (relative links resolve against them) and, in the
  file's key, mkdocs.yml, this hook's source and the versions of MkDocs, Markdown, pymdown-extensions,
  Material and Pygments. The files pymdownx.snippets includes while rendering are recorded with a digest of
  their text and checked on every reuse, so an edit to an included file renders the page anew. A render that
  logged a warning is never kept: under `--strict` each build must log it again and fail. Notebook pages
  render through mkdocs-jupyter, memoised above.
The replacements are made once per process and survive `mkdocs serve` reloading this file. A warm build's
pages are byte for byte those of a build without this hook (tests/site/test_build.py). Each whole build
logs "pages: N rendered, M from memo" (both languages; notebook pages render through mkdocs-jupyter and are
not counted), so a test can tell that a warm build rendered nothing (tests/site/test_cache.py).
"""

from __future__ import annotations

import logging
from importlib.metadata import version
from pathlib import Path

import mkdocs_jupyter.plugin
import pymdownx.highlight
import pymdownx.snippets
from _memo import DiskMemo, digest, save_all
from jinja2 import FileSystemBytecodeCache
from mkdocs.plugins import event_priority
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc
from mkdocs_jupyter import convert  # the plugin calls convert.nb2html (re-exported from nbconvert2)
from mkdocs_llmstxt._internal import plugin as llmstxt  # its on_page_content calls _generate_page_markdown

HIGHLIGHT = DiskMemo("highlight", " ".join(version(p) for p in ("pygments", "pymdown-extensions")))
NOTEBOOKS = DiskMemo(
    "notebooks", " ".join(version(p) for p in ("mkdocs-jupyter", "nbconvert", "pygments", "jupytext"))
)
LLMS = DiskMemo(
    "llms",
    " ".join(
        version(p) for p in ("mkdocs-llmstxt", "markdownify", "mdformat", "mdformat-tables", "beautifulsoup4")
    ),
)

RENDER_VERSIONS = " ".join(
    version(p) for p in ("mkdocs", "markdown", "pymdown-extensions", "mkdocs-material", "pygments")
)
PAGES = DiskMemo("pages", RENDER_VERSIONS)  # re-keyed in on_config with mkdocs.yml and this file
PAGES_LOG = logging.getLogger("mkdocs.structure.pages")
log = logging.getLogger("mkdocs.hooks.render_memo")
pages = {"rendered": 0, "from memo": 0}  # this build's, both languages


def _original(function):
    return getattr(function, "__wrapped__", function)


def _memo_highlight() -> None:
    real = _original(pymdownx.highlight.highlight)

    def highlight(code, lexer, formatter, outfile=None):
        if outfile is not None:
            return real(code, lexer, formatter, outfile)
        args = (
            code,
            type(lexer).__qualname__,
            sorted(lexer.options.items()),
            lexer.filters,
            type(formatter).__module__,
            type(formatter).__qualname__,
            sorted(formatter.options.items()),
        )
        return HIGHLIGHT.get(args, lambda: real(code, lexer, formatter))

    highlight.__wrapped__ = real
    pymdownx.highlight.highlight = highlight


def _memo_notebooks() -> None:
    real = _original(convert.nb2html)

    def nb2html(nb_path, **options):
        args = (Path(nb_path).read_bytes(), sorted(options.items()))
        return NOTEBOOKS.get(args, lambda: real(nb_path, **options))

    nb2html.__wrapped__ = real
    convert.nb2html = nb2html

    real_toc = _original(mkdocs_jupyter.plugin._get_nb_toc_tokens)

    def toc_tokens(nb_path, toc_depth):
        args = ("toc", Path(nb_path).read_bytes(), toc_depth)
        return NOTEBOOKS.get(args, lambda: real_toc(nb_path, toc_depth))

    toc_tokens.__wrapped__ = real_toc
    mkdocs_jupyter.plugin._get_nb_toc_tokens = toc_tokens


class _Reads:
    """The files pymdownx.snippets reads while one page renders: {path: digest of the text}."""

    current: dict[str, str] | None = None


def _memo_llms() -> None:
    real = _original(llmstxt._generate_page_markdown)

    def generate(html, *, should_autoclean, preprocess, path, base_uri, page_uri):
        script = Path(preprocess).read_text(encoding="utf-8") if preprocess else None
        args = (
            html,
            should_autoclean,
            script,
            base_uri,
            page_uri,
        )  # `path` only reaches the preprocess script

        def compute():
            return real(
                html,
                should_autoclean=should_autoclean,
                preprocess=preprocess,
                path=path,
                base_uri=base_uri,
                page_uri=page_uri,
            )

        return LLMS.get(args, compute)

    generate.__wrapped__ = real
    llmstxt._generate_page_markdown = generate


def _record_snippet_reads() -> None:
    real = _original(pymdownx.snippets.SnippetPreprocessor.read_lines)

    def read_lines(self, path):
        lines = real(self, path)
        if _Reads.current is not None:
            _Reads.current[str(path)] = digest("\n".join(lines))
        return lines

    read_lines.__wrapped__ = real
    pymdownx.snippets.SnippetPreprocessor.read_lines = read_lines


def _unchanged(reads: dict[str, str]) -> bool:
    """Whether every file has the text whose digest `read_lines` recorded (its lines joined: the text)."""
    for path, known in reads.items():
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return False
        if digest(text) != known:
            return False
    return True


class _Warnings(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record) -> None:
        self.count += 1


def _tokens(items) -> list[dict]:
    return [{"level": i.level, "id": i.id, "name": i.title, "children": _tokens(i.children)} for i in items]


def _files_key(files) -> str:
    """One digest of every file of this build and where it is served (what relative links resolve to)."""
    known = getattr(files, "_render_memo_key", None)
    if known is None or known[0] != len(files):
        listing = sorted((f.src_uri, f.dest_uri, f.url) for f in files)
        known = files._render_memo_key = (len(files), digest(repr(listing)))
    return known[1]


def _reuse(page, known: dict, files) -> bool:
    """Give `page` what an earlier render of the same input left, if every file it included is unchanged."""
    links = {files.get_file_from_path(uri): anchors for uri, anchors in known["links"].items()}
    if None in links or not _unchanged(known["reads"]):
        return False
    page.content = known["content"]
    page.toc = get_toc(known["toc"])
    page._title_from_render = known["title"]
    page.present_anchor_ids = set(known["anchors"])
    if PAGES_LOG.getEffectiveLevel() > logging.DEBUG:  # as Page.render does
        page.links_to_anchors = links
    return True


def _memo_pages() -> None:
    real = _original(Page.render)

    def render(self, config, files):
        if self.markdown is None or PAGES.file is None:
            pages["rendered"] += 1
            return real(self, config, files)
        args = (self.markdown, self.file.src_uri, self.file.dest_uri, self.file.url, _files_key(files))
        key, known = PAGES.lookup(args)
        if known is not None and _reuse(self, known, files):
            PAGES.keep(key, known)
            pages["from memo"] += 1
            return None
        pages["rendered"] += 1
        watch, loggers = _Warnings(), (logging.getLogger(), logging.getLogger("mkdocs"))
        for logger in loggers:
            logger.addHandler(watch)
        _Reads.current = {}
        try:
            real(self, config, files)
        finally:
            reads, _Reads.current = _Reads.current, None
            for logger in loggers:
                logger.removeHandler(watch)
        if watch.count == 0:
            PAGES.keep(
                key,
                {
                    "content": self.content,
                    "toc": _tokens(self.toc),
                    "title": self._title_from_render,
                    "anchors": sorted(self.present_anchor_ids or ()),
                    "links": {f.src_uri: a for f, a in (self.links_to_anchors or {}).items()},
                    "reads": reads,
                },
            )
        return None

    render.__wrapped__ = real
    Page.render = render


def on_config(config):
    if not config.plugins["i18n"].building:  # a whole build starts (not one of its nested language builds)
        pages.update({"rendered": 0, "from memo": 0})
    config_file = Path(config.config_file_path)
    cache = config_file.parent / ".cache"
    _memo_highlight()
    _memo_notebooks()
    _memo_llms()
    _record_snippet_reads()
    _memo_pages()
    HIGHLIGHT.load(cache)
    NOTEBOOKS.load(cache)
    LLMS.load(cache)
    PAGES.rekey(
        f"{RENDER_VERSIONS} {digest(config_file.read_text(encoding='utf-8'))} "
        f"{digest(Path(__file__).read_text(encoding='utf-8'))}"
    )
    PAGES.load(cache)
    return config


def on_env(env, config, files):
    folder = Path(config.config_file_path).parent / ".cache" / "jinja"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return env  # a read-only checkout compiles the templates each time
    env.bytecode_cache = FileSystemBytecodeCache(str(folder))
    return env


@event_priority(-200)  # after mkdocs-static-i18n (-100) has built the other languages
def on_post_build(config):
    if config.plugins["i18n"].building:
        return  # a nested per-language build; the whole build ends after it
    save_all()  # every hook's memos (hooks/_memo.py), this one's included
    log.info("pages: %d rendered, %d from memo", pages["rendered"], pages["from memo"])
