"""MkDocs hook: each language searches only its own pages.

mkdocs-static-i18n merges every language into one search index at /search/search_index.json, so a reader
of /en/ searching "tensor" also gets the Chinese pages. After the last language is built this hook splits
that index: entries under en/ go to /en/search/search_index.json (locations made relative to /en/), the
rest stay at the root. Pages of a non-default language point Material's script at their language root
(its `base`), which is where it looks for search/search_index.json and sitemap.xml.
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

from mkdocs.plugins import event_priority

PROSE = re.compile(r"<(p|ul|ol)>.*?</\1>", re.S)
CONFIG_BASE = re.compile(r'("base": ")([^"]*)(")')


def _other_languages(config) -> list[str]:
    return [lang.locale for lang in config.plugins["i18n"].config.languages if not lang.default]


def on_post_page(output, page, config):
    lang = config.theme["language"]
    if lang not in _other_languages(config):
        return output
    return CONFIG_BASE.sub(lambda m: f"{m[1]}{m[2].rstrip('/') or '.'}/{lang}/{m[3]}", output, count=1)


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
        target.write_text(json.dumps(dict(index, docs=mine), ensure_ascii=False), encoding="utf-8")
    root_index.write_text(json.dumps(dict(index, docs=docs), ensure_ascii=False), encoding="utf-8")
    split_sitemap(site, config["site_url"] or "/", _other_languages(config))


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
