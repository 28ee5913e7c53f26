"""MkDocs hook: each language searches only its own pages.

mkdocs-static-i18n merges every language into one search index at /search/search_index.json, so a reader
of /en/ searching "tensor" also gets the Chinese pages. After the last language is built this hook splits
that index: entries under en/ go to /en/search/search_index.json (locations made relative to /en/), the
rest stay at the root. Pages of a non-default language point Material's script at their language root
(its `base`), which is where it looks for search/search_index.json and sitemap.xml.

Each split index also gets its own lunr language list: the merged one says `lang: [zh, en]`, and with that
Material's worker builds a multi-language pipeline under which English words are not stemmed alike on both
sides (December 2026: "broadcasting", "strides", "contiguous", "tensors" found nothing). The English index
says `lang: [en]`, so the worker uses lunr's English stemmer for the index and the query; the Chinese index
keeps [zh, en] (jieba segments its Chinese at build time; its English words are API names).

It also remembers how jieba segmented Chinese text, so a warm build does not load jieba's dictionary.
Material's search plugin segments every run of Han characters with `jieba.cut` (lang: [zh, en]); the first
call loads jieba's 350,000-word dictionary (2.5 s on 2 busy cores, December 2026), once per process, while
segmenting the site's text takes a tenth of that. So the module `jieba` that Material's plugin calls is
wrapped (`_MemoJieba`): `cut(text)` answers from .cache/render/jieba-<key>.json when the same text was
segmented before, and asks jieba otherwise. The key is jieba's version and its dictionary file (path, size,
mtime); the file keeps the runs of the latest build. The index is therefore byte for byte what jieba itself
gives: only the same function's earlier answers are reused. Any other use of the wrapped module (a
`jieba_dict` / `jieba_dict_user` setting of the search plugin changes the dictionary) turns the memo off for
the process. No setting of the plugin or of jieba gives the same segmentation for less: the dictionary is
the segmentation.

It also mends a bug of lunr.js (2.3.9, unmaintained) in the search worker Material ships. lunr keeps the
index's words in a finite automaton and merges equal states by a string key: a state's final flag, then
each edge's label and the id of the state it leads to, written one after the other. With digit labels two
different states can get the same key (edges 1->1 and 2->3 give "01123", one edge 1->123 gives "01123"
too), so the merged automaton holds words the index does not; a query that reaches one (any prefix
search, as Material searches while you type) throws "Cannot read properties of undefined (reading
'_index')" in the worker, and the reader sees "No matching documents". Which queries fail depends on the
text of the whole site: in December 2026 every English query starting with "t" did, "tensor" included.
After the build this hook ends each edge of the key with "|" in the copy of the worker under site/ (a
label is one character, so the key reads back one way only); the build fails if Material's worker no
longer holds the exact code it replaces.

And it hands Material's page parser code blocks without Pygments' token spans. Material reads each page's
HTML with an HTMLParser subclass, one Python call per tag, and a highlighted line is mostly tags (`<span
class="n">x</span><span class="w"> </span>…`): parsing every page took 3.8 s on 2 busy cores, 0.8 s without
those spans. Inside <pre> its parser keeps every piece of text as it comes, whitespace included, and a span
without other attributes is neither kept nor skipped, so dropping `<span class="…">` and `</span>` there
changes no entry of the index: the parser only sees fewer tags (`_SpanlessParser`; measured on every page of
the site: the same sections and the same index, byte for byte). A <pre> holding any other kind of span is
passed on untouched.

Last, it keeps each page's index entries: `SearchIndex.add_entry_from_context(page)` is a function of the
page's HTML, URL, title, table of contents and search/tags metadata (and of jieba, Material and this file,
which key the memo's file), so a warm build takes the entries of an unchanged page from
.cache/render/search-<key>.json instead of parsing and segmenting it again (0.7 s of a 6 s warm build,
December 2026). The replacements are made once per process, in Material's plugin module, and survive
`mkdocs serve` reloading this file.
"""

from __future__ import annotations

import gzip
import json
import re
import threading
from importlib.metadata import version
from pathlib import Path

from _memo import DiskMemo, digest
from material.plugins.search import plugin as material_search
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

PROSE = re.compile(r"<(p|ul|ol)>.*?</\1>", re.S)
LUNR_STATE_KEY = "e=e+s+o.id}return e"  # lunr's TokenSet.prototype.toString, minified in Material's worker
LUNR_STATE_KEY_MENDED = 'e=e+s+o.id+"|"}return e'
# Material appends a wildcard to every word you type ("tables" is searched as "tables*"), and lunr's query
# parser then skips the search pipeline (the stemmer) for that term, while the index holds stemmed words
# ("tabl"): an English plural or "glossary" (indexed as "glossari") found nothing. Mended in lunr's
# Index.prototype.query: a term ending in the wildcard is looked up as typed and as the pipeline makes the
# bare word, each with the wildcard back on.
LUNR_QUERY_PIPELINE = "c.usePipeline?f=this.pipeline.runString(c.term,{fields:c.fields}):f=[c.term];"
LUNR_QUERY_PIPELINE_MENDED = (
    'f=c.term.slice(-1)==="*"?[...new Set([c.term,...this.pipeline.runString(c.term.slice(0,-1),'
    '{fields:c.fields}).map(w=>w+"*")])]:c.usePipeline?this.pipeline.runString(c.term,{fields:c.fields})'
    ":[c.term];"
)
LUNR_MENDS = [
    ("TokenSet key code", LUNR_STATE_KEY, LUNR_STATE_KEY_MENDED),
    ("query pipeline code", LUNR_QUERY_PIPELINE, LUNR_QUERY_PIPELINE_MENDED),
]
# The "base" of Material's config script (base.html, block config), not any other text of the page: Jinja's
# tojson writes no "<" inside it (it escapes them), so [^<]* stays in the element; keys are sorted.
CONFIG_BASE = re.compile(r'(<script id="__config" type="application/json">[^<]*?"base": ")([^"]*)(")')


class _MemoJieba:
    """Stands in for the module `jieba` in Material's search plugin; see the module docstring."""

    def __init__(self, real) -> None:
        self.real = real
        self.enabled = True
        dictionary = Path(real.__file__).parent / real.DEFAULT_DICT_NAME
        stat = dictionary.stat()
        self.memo = DiskMemo("jieba", f"{real.__version__} {dictionary} {stat.st_size} {stat.st_mtime_ns}")

    def cut(self, sentence, *args, **kwargs):
        if args or kwargs or not self.enabled:
            return self.real.cut(sentence, *args, **kwargs)
        text = sentence.decode("utf-8") if isinstance(sentence, bytes) else sentence
        return iter(self.memo.get(text, lambda: list(self.real.cut(sentence))))

    def __getattr__(self, name):  # set_dictionary, load_userdict, ...: another dictionary, no memo
        self.enabled = False
        return getattr(self.real, name)


def _memo_jieba() -> _MemoJieba | None:
    """The wrapper in Material's plugin module, installed once per process (it survives hook reloads)."""
    current = material_search.jieba
    if current is None:  # jieba is not installed: Material does not segment
        return None
    if not isinstance(current, _MemoJieba) and type(current).__name__ != "_MemoJieba":
        current = material_search.jieba = _MemoJieba(current)
    return current


PRE_BLOCK = re.compile(r"<pre\b[^>]*>.*?</pre>", re.S)
TOKEN_SPAN = re.compile(r'<span(?: class="[^"]*")?>')  # what Pygments writes: a class, nothing else


def _without_token_spans(html: str) -> str:
    def strip(m: re.Match) -> str:
        block = m[0]
        if not block.count("<span") == len(TOKEN_SPAN.findall(block)) == block.count("</span>"):
            return block  # a span with other attributes, or unbalanced: left as it is
        return TOKEN_SPAN.sub("", block).replace("</span>", "")

    return PRE_BLOCK.sub(strip, html) if "<pre" in html else html


def _spanless_parser() -> None:
    """Material's page parser, fed code blocks without token spans; see the module docstring."""
    parser = material_search.Parser
    if parser.__name__ == "_SpanlessParser":
        return

    class _SpanlessParser(parser):
        def feed(self, data):
            super().feed(_without_token_spans(data))

    material_search.Parser = _SpanlessParser


ENTRIES = DiskMemo("search", "")  # keyed in on_config: Material, jieba and this file


def _toc_ids(items) -> list:
    return [(i.id, i.title, _toc_ids(i.children)) for i in items]


def _memo_entries() -> None:
    index = material_search.SearchIndex
    real = getattr(index.add_entry_from_context, "__wrapped__", index.add_entry_from_context)

    def add_entry_from_context(self, page):
        meta = {k: page.meta.get(k) for k in ("search", "tags", "title")}
        args = (page.content, page.url, page.title, meta, _toc_ids(page.toc))
        key, known = ENTRIES.lookup(args)
        if known is None:
            before = len(self.entries)
            real(self, page)
            known = self.entries[before:]
        else:
            self.entries.extend(dict(entry) for entry in known)
        ENTRIES.keep(key, known)

    add_entry_from_context.__wrapped__ = real
    index.add_entry_from_context = add_entry_from_context


def on_config(config):
    _spanless_parser()
    _memo_entries()
    cache = Path(config.config_file_path).parent / ".cache"
    memo = _memo_jieba()
    if memo is not None:
        memo.memo.load(cache)
    if memo is not None and memo.enabled:
        source = digest(Path(__file__).read_text(encoding="utf-8"))
        ENTRIES.rekey(f"{version('mkdocs-material')} {memo.memo.key} {source}")
        ENTRIES.load(cache)
    return config


def on_serve(server, config, builder):
    """Under `mkdocs serve`, load jieba's dictionary in the background once the site is up: the first edit
    of a Chinese page brings text the memo has not seen, and would otherwise wait 0.7-2.5 s for it."""
    memo = _memo_jieba()
    if memo is not None and memo.enabled:
        threading.Thread(target=memo.real.initialize, name="jieba-warm-up", daemon=True).start()
    return server


def _other_languages(config) -> list[str]:
    return [lang.locale for lang in config.plugins["i18n"].config.languages if not lang.default]


def on_post_page(output, page, config):
    lang = config.theme["language"]
    if lang not in _other_languages(config):
        return output
    output, found = CONFIG_BASE.subn(
        lambda m: f"{m[1]}{m[2].rstrip('/') or '.'}/{lang}/{m[3]}", output, count=1
    )
    if not found:
        raise PluginError(
            f'{page.url}: no Material config script (<script id="__config">) with a "base" to point at'
            f" {lang}/search/; Material changed its template (hooks/search_per_language.py)"
        )
    return output


@event_priority(-200)  # after mkdocs-static-i18n (-100) has merged the indexes of all languages
def on_post_build(config):
    if config.plugins["i18n"].building:
        return  # a nested per-language build: the merged index does not exist yet
    site = Path(config.site_dir)
    root_index = site / "search" / "search_index.json"
    index = json.loads(root_index.read_text(encoding="utf-8"))
    # A notebook page's entries hold its code cells' source too (and the copy button's label), as bare
    # text: results show prose, so only the paragraphs of its markdown cells and the build's note stay.
    for d in index["docs"]:
        if "/notebooks/" in f"/{d['location']}":
            d["text"] = " ".join(m[0] for m in PROSE.finditer(d["text"]))
    docs = index["docs"]
    for lang in _other_languages(config):
        prefix = f"{lang}/"
        mine = [
            dict(d, location=d["location"].removeprefix(prefix))
            for d in docs
            if d["location"].startswith(prefix)
        ]
        docs = [d for d in docs if not d["location"].startswith(prefix)]
        target = site / lang / "search" / "search_index.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        # The merged index's lunr setup (multiLanguage zh + en) loses English stemming: "broadcasting"
        # found nothing while "broadcast" found Tensors. A language's own index gets that language alone.
        config_for_lang = dict(index["config"], lang=[lang])
        target.write_text(
            json.dumps(dict(index, config=config_for_lang, docs=mine), ensure_ascii=False), encoding="utf-8"
        )
    root_index.write_text(json.dumps(dict(index, docs=docs), ensure_ascii=False), encoding="utf-8")
    split_sitemap(site, config["site_url"] or "/", _other_languages(config))
    mend_lunr_worker(site)


def mend_lunr_worker(site: Path) -> None:
    """See the module docstring: the two mends of lunr in Material's search worker under site/."""
    workers = sorted((site / "assets" / "javascripts" / "workers").glob("search.*.min.js"))
    if len(workers) != 1:
        raise PluginError(f"expected one Material search worker under {site}, found {len(workers)}")
    text = workers[0].read_text(encoding="utf-8")
    for what, original, mended in LUNR_MENDS:
        if text.count(mended) == 1 and original not in text:
            continue  # a --dirty build kept the worker this hook mended before
        if text.count(original) != 1:
            raise PluginError(
                f"{workers[0].name}: lunr's {what} ({original!r}) not found once; Material changed its "
                "worker: check whether the bug is still there (hooks/search_per_language.py)"
            )
        text = text.replace(original, mended)
    workers[0].write_text(text, encoding="utf-8")


URL_ENTRY = re.compile(r"[ \t]*<url>.*?</url>\n?", re.S)
LOC = re.compile(r"<loc>([^<]*)</loc>")


def split_sitemap(site: Path, site_url: str, others: list[str]) -> None:
    """One sitemap per language: /sitemap.xml lists the default language's pages, /en/sitemap.xml the
    English ones (static-i18n writes one list of every page; each entry keeps its hreflang alternates)."""
    text = (site / "sitemap.xml").read_text(encoding="utf-8")
    head, tail = text[: text.index("<url>")].rstrip(" \t"), text[text.rindex("</url>") + len("</url>") :]
    entries = URL_ENTRY.findall(text)

    def language_of(entry: str) -> str | None:
        path = LOC.search(entry)[1].removeprefix(site_url.rstrip("/") + "/")
        return next((lang for lang in others if path.startswith(f"{lang}/")), None)

    for lang in [None, *others]:
        folder = site / lang if lang else site
        body = head + "".join(e for e in entries if language_of(e) == lang) + tail.lstrip("\n")
        (folder / "sitemap.xml").write_text(body, encoding="utf-8")
        with gzip.GzipFile(folder / "sitemap.xml.gz", "wb", mtime=0) as gz:  # same bytes every build
            gz.write(body.encode("utf-8"))
