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
- the theme's compiled templates, in Jinja's own bytecode cache (.cache/jinja), which checks each
  template's source.
The replacements are made once per process and survive `mkdocs serve` reloading this file. A warm build's
pages are byte for byte those of a build without this hook (tests/site/test_build.py).
"""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path

import mkdocs_jupyter.plugin
import pymdownx.highlight
from _memo import DiskMemo
from jinja2 import FileSystemBytecodeCache
from mkdocs.plugins import event_priority
from mkdocs_jupyter import convert  # the plugin calls convert.nb2html (re-exported from nbconvert2)

HIGHLIGHT = DiskMemo("highlight", " ".join(version(p) for p in ("pygments", "pymdown-extensions")))
NOTEBOOKS = DiskMemo(
    "notebooks", " ".join(version(p) for p in ("mkdocs-jupyter", "nbconvert", "pygments", "jupytext"))
)


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


def on_config(config):
    cache = Path(config.config_file_path).parent / ".cache"
    _memo_highlight()
    _memo_notebooks()
    HIGHLIGHT.load(cache)
    NOTEBOOKS.load(cache)
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
    HIGHLIGHT.save()
    NOTEBOOKS.save()
