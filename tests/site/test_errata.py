"""The errata page holds every "what the old notes said" box of the chapters, says how many in its intro (the
same number in both languages), and every link of every entry leads somewhere real: the section's anchor in
the built page, the snippet and test files in the repository."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import unquote, urljoin, urlsplit

import errata
import pytest
from errata import BOX_MARK, BOX_TITLE, boxes
from mkdocs.exceptions import PluginError

from tests.conftest import ROOT
from tests.site.pages import LANGS, doc_pages

pytestmark = pytest.mark.site
PREFIX = {"zh": "", "en": "en/"}
# The intro's sentence that states the count (docs/<lang>/errata.md, around <!-- errata-count -->).
COUNT_SENTENCE = {"zh": r"共 (\d+) 条。", "en": r": (\d+) entries\."}


class Links(HTMLParser):
    """Links inside the article, and every id on the page."""

    def __init__(self):
        super().__init__()
        self.ids, self.links, self.depth = set(), [], 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "article":
            self.depth += 1
        classes = attrs.get("class") or ""
        # The page's own permalinks and "edit this page" button are not entries' links.
        if (
            tag == "a"
            and self.depth
            and attrs.get("href")
            and not {"headerlink", "md-content__button"} & set(classes.split())
        ):
            self.links.append(attrs["href"])

    def handle_endtag(self, tag):
        if tag == "article":
            self.depth -= 1


def parse(path: Path) -> Links:
    links = Links()
    links.feed(path.read_text(encoding="utf-8"))
    return links


def errata_html(site: Path, lang: str) -> Path:
    return site / PREFIX[lang] / "errata" / "index.html"


@pytest.mark.parametrize("lang", LANGS)
def test_every_box_of_every_chapter_is_an_entry(built_site, lang):
    expected = sum(len(boxes(lang, page)) for page in doc_pages(lang) if page != "errata.md")
    html = errata_html(built_site, lang).read_text(encoding="utf-8")
    entries = re.findall(r"<p><strong>\d+\. <a href=", html)
    assert expected >= 55, f"only {expected} old-notes boxes found in docs/{lang}"
    assert len(entries) == expected, f"{lang}: {len(entries)} errata entries for {expected} boxes"


def test_both_languages_have_the_same_boxes_page_by_page():
    for page in doc_pages("zh"):
        zh, en = boxes("zh", page), boxes("en", page)
        assert [b["anchor"] != "" for b in zh] == [b["anchor"] != "" for b in en], page
        assert [b["proof"] for b in zh] == [b["proof"] for b in en], f"{page}: the languages cite other code"


@pytest.mark.parametrize("lang", LANGS)
def test_every_entry_links_to_a_real_section_snippet_and_test(built_site, lang):
    page = errata_html(built_site, lang)
    base = f"file://{page}"
    sections = code = 0
    for href in parse(page).links:
        if "/blob/main/" in href:  # a repository file: it must exist in this checkout
            rel = unquote(href.split("/blob/main/", 1)[1])
            assert (ROOT / rel).is_file(), f"{lang} errata links to {rel}, which does not exist"
            code += 1
            continue
        parts = urlsplit(urljoin(base, href))
        assert parts.scheme == "file", f"{lang} errata has an unexpected link {href}"
        target = Path(unquote(parts.path))
        target = target / "index.html" if target.is_dir() else target
        assert target.is_file(), f"{lang} errata links to {href}: no such page"
        if parts.fragment:
            assert unquote(parts.fragment) in parse(target).ids, f"{lang} errata: {href}: no such anchor"
            sections += 1
    entries = [b for p in doc_pages(lang) if p != "errata.md" for b in boxes(lang, p)]
    heads = re.findall(r'<p><strong>\d+\. <a href="([^"]+)"', page.read_text(encoding="utf-8"))
    assert len(heads) == len(entries), f"{lang}: {len(heads)} entry links for {len(entries)} boxes"
    assert sections >= sum(bool(b["anchor"]) for b in entries), f"{lang}: entries without a section anchor"
    with_code = [b for b in entries if b["proof"]]
    assert code >= 2 * len(with_code) - 2, f"{lang}: only {code} code/test links for {len(with_code)} entries"


def test_a_box_title_is_the_same_everywhere():
    """A warning box spelled differently would silently drop out of the errata, and every box is folded
    (the old notes are an optional layer). A "tip" box may say the notes got something right: not errata."""
    for lang in LANGS:
        for page in doc_pages(lang):
            text = (ROOT / "docs" / lang / page).read_text(encoding="utf-8")
            for mark, title in re.findall(r'^ *(\S+) warning "([^"]*(?:旧笔记|old notes)[^"]*)"', text, re.M):
                assert title == BOX_TITLE[lang], f"docs/{lang}/{page}: box titled {title!r}"
                assert mark == BOX_MARK, f"docs/{lang}/{page}: {title!r} box opens with {mark}, not folded"


def box_counts() -> dict[str, int]:
    return {lang: sum(len(boxes(lang, p)) for p in doc_pages(lang) if p != "errata.md") for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
def test_the_intro_states_how_many_entries_there_are(built_site, lang):
    counts = box_counts()
    assert counts["zh"] == counts["en"], f"the languages have different numbers of boxes: {counts}"
    html = errata_html(built_site, lang).read_text(encoding="utf-8")
    intro = html.split("<p><strong>1. ", 1)[0]  # the count is said before the first entry
    assert re.findall(COUNT_SENTENCE[lang], intro) == [str(counts[lang])], (
        f"{lang}: the intro's count is wrong"
    )
    assert len(re.findall(r"<p><strong>\d+\. <a href=", html)) == counts[lang]
    assert errata.COUNT_MARKER not in html


class Config(dict):
    """The few parts of MkDocs' config the hook reads."""

    def __init__(self, lang: str):
        super().__init__(nav=[{"a": "a.md"}, {"b": "b.md"}], extra={})
        self.theme = {"language": lang}


PAGE = SimpleNamespace(file=SimpleNamespace(src_uri="errata.md"))  # what the hook reads of mkdocs' Page


def test_the_hook_writes_the_count_and_refuses_languages_that_disagree(monkeypatch):
    found = {("zh", "a.md"): 2, ("zh", "b.md"): 1, ("en", "a.md"): 2, ("en", "b.md"): 1}
    entry = {"title": "T", "section": "S", "anchor": "s", "text": "x", "proof": []}
    monkeypatch.setattr(errata, "boxes", lambda lang, page: [dict(entry, page=page)] * found[lang, page])
    page = f"intro {errata.COUNT_MARKER} entries\n\n{errata.MARKER}"
    for lang in LANGS:
        out = errata.on_page_markdown(page, PAGE, Config(lang), None)
        assert out.startswith("intro 3 entries\n") and out.count("**1. [S](a.md#s)**") == 1
    found["en", "b.md"] = 0
    with pytest.raises(PluginError, match="different numbers of boxes"):
        errata.on_page_markdown(page, PAGE, Config("zh"), None)
