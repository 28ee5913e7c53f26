"""The errata page holds every "what the old notes said" box of the chapters, says how many in its intro (the
same number in both languages), and every link of every entry leads somewhere real: the section's anchor in
the built page, the snippet and test files in the repository."""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import unquote, urljoin, urlsplit

import errata
import pytest
from _texts import texts_for
from errata import BOX_MARK, NotesSection, boxes
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


def test_the_proof_is_the_code_of_the_box_section_above_and_below_it(tmp_path, monkeypatch):
    """A box proves its claim with the snippets of its own section, wherever they stand in it: code after the
    box counts as much as code before it; code of the next section, or of a subsection, does not."""
    (tmp_path / "zh").mkdir()
    (tmp_path / "zh" / "p.md").write_text(
        "# 章\n\n## 甲\n\n"
        '```python\n--8<-- "snippets/t/before.py"\n```\n\n'
        '??? warning "旧写法与纠正（可跳过）"\n    说法一。\n\n'
        '```python\n--8<-- "snippets/t/after.py"\n```\n\n'
        "### 子\n\n"
        '```python\n--8<-- "snippets/t/sub.py"\n```\n\n'
        "## 乙\n\n"
        '??? warning "旧写法与纠正（可跳过）"\n    说法二。\n\n'
        '```python\n--8<-- "snippets/t/later.py"\n```\n\n'
        '```python\n--8<-- "snippets/t/after.py"\n```\n\n'
        "## 丙\n\n"
        '??? warning "旧写法与纠正（可跳过）"\n    说法三。\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(errata, "DOCS", tmp_path)
    assert [(b["anchor"], b["text"], b["proof"]) for b in boxes("zh", "p.md")] == [
        ("甲", "说法一。", ["snippets/t/before.py", "snippets/t/after.py"]),
        ("乙", "说法二。", ["snippets/t/later.py", "snippets/t/after.py"]),
        ("丙", "说法三。", []),
    ]


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
        box_title = texts_for(lang)["errata"]["box_title"]
        for page in doc_pages(lang):
            text = (ROOT / "docs" / lang / page).read_text(encoding="utf-8")
            for mark, title in re.findall(r'^ *(\S+) warning "([^"]*(?:旧笔记|old notes)[^"]*)"', text, re.M):
                assert title == box_title, f"docs/{lang}/{page}: box titled {title!r}"
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


# The notes the site grew out of are not in this repository; where a checkout has them beside it (the
# maintainers' machines and CI keep shared/ next to the clone), the map is checked against their text too.
NOTES = Path(os.environ.get("PYTORCH_NOTES_SOURCE", ROOT.parent / "shared" / "seed" / "pytorch-notes.zh.txt"))


def test_every_section_of_the_old_notes_leads_to_sections_that_exist():
    """Each section of the notes (a [[section]] of hooks/data/notes_map.toml) names the site's sections that
    replace it, or says why nothing does; every target page and section exists in both languages (resolve()
    fails the build otherwise, naming the target and where its anchor is now)."""
    sections = errata.notes_map()
    for line, _, _, targets in sections:
        if isinstance(targets, str):
            assert all(targets in texts_for(lang)["errata"]["notes_none"] for lang in LANGS), (line, targets)
            continue
        for lang in LANGS:
            for target in targets:
                href, title, section = errata.resolve(target, lang, "notes_map.toml")
                assert href.split("#")[0] == target.split("#")[0] and title and section
    for lang in LANGS:
        table = errata.notes_table(lang).splitlines()
        assert len(table) == 2 + len(sections), f"{lang}: one row per section of the notes"


@pytest.mark.skipif(not NOTES.is_file(), reason=f"the old notes are not at {NOTES} (PYTORCH_NOTES_SOURCE)")
def test_the_map_follows_the_notes_own_headings():
    """Each row starts at a heading of the notes, spelled as the notes spell it (a passage without a heading
    is described in full-width brackets instead); the rows run from the notes' first section to their end, so
    no passage of the notes is left out."""
    text = NOTES.read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(text, 1) if re.match(r"1\. ", line))
    sections = errata.notes_map()
    assert sections[0].line == first, "the map starts after the notes' first section"
    for line, zh, _, _ in sections:
        notes_line = text[line - 1].strip()
        if zh.startswith(errata.UNTITLED):
            assert notes_line, f"notes line {line} is empty"
        else:
            assert notes_line.startswith(zh), f"notes line {line} is {notes_line[:40]!r}, not {zh!r}"


def test_a_target_that_moved_fails_the_build_and_says_where_it_is(monkeypatch):
    page, anchor = errata.notes_map()[0].targets[0].split("#")
    monkeypatch.setattr(errata, "notes_map", lambda: [NotesSection(1, "x", "x", [f"errata.md#{anchor}"])])
    with pytest.raises(PluginError, match=f"errata.md has no such section .it is now {page}#"):
        errata.notes_table("zh")
    monkeypatch.setattr(errata, "notes_map", lambda: [NotesSection(1, "x", "x", ["no-such-page.md"])])
    with pytest.raises(PluginError, match=r"there is no docs/zh/no-such-page\.md"):
        errata.notes_table("en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_errata_page_shows_the_notes_map(built_site, lang):
    html = errata_html(built_site, lang).read_text(encoding="utf-8")
    assert errata.NOTES_MARKER not in html
    table = html.split("<table>", 1)[1].split("</table>", 1)[0]
    assert table.count("<tr>") == 1 + len(errata.notes_map()), f"{lang}: a row per section of the notes"
