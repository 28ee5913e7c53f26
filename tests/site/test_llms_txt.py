"""llms.txt per language (mkdocs-llmstxt, sections from the nav by hooks/llms_txt.py): /llms.txt in Chinese,
/en/llms.txt in English, each listing every page of the nav in order under its part's title (the report
left out), each link to the page's Markdown copy in the built site; llms-full.txt holds every listed page
whole, in the same order."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT
from tests.site.test_build import LANG_PREFIX

LEFT_OUT = {"report.md"}
LINK = re.compile(r"^- \[(?P<title>[^\]]+)\]\((?P<url>[^)]+)\)$")


def config() -> dict:
    return yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)


def parts(lang: str) -> list[tuple[str, list[tuple[str, str | None]]]]:
    """The nav's parts (title in `lang`) with their pages, as the hook should list them: (path, the title the
    nav gives it in `lang`, or None where the page's H1 is its title)."""
    i18n = next(p["i18n"] for p in config()["plugins"] if isinstance(p, dict) and "i18n" in p)
    names = next(dict(x.get("nav_translations", {})) for x in i18n["languages"] if x["locale"] == lang)
    found = []
    for part in config()["nav"]:
        ((title, pages),) = part.items()
        listed = []
        for page in pages:
            if isinstance(page, dict):
                ((name, path),) = page.items()
                listed.append((path, names.get(name, name)))
            elif page not in LEFT_OUT:
                listed.append((page, None))
        found.append((names.get(title, title), listed))
    return found


def page_html(site: Path, lang: str, page: str) -> str:
    stem = re.sub(r"\.(md|ipynb)$", "", page)
    rel = "index.html" if stem == "index" else f"{stem}/index.html"
    return (site / LANG_PREFIX[lang] / rel).read_text(encoding="utf-8")


def h1(page_html_text: str) -> str:
    found = re.search(r"<h1[^>]*>(.*?)</h1>", page_html_text, re.S)[1]
    found = re.sub(r'<a class="headerlink".*?</a>', "", found)  # the permalink's ¶
    return html.unescape(re.sub(r"<[^>]+>", "", found)).strip()


def title(site: Path, lang: str, page: str, named: str | None) -> str:
    return named or h1(page_html(site, lang, page))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_llms_txt_lists_every_page_of_the_nav_in_order_in_its_language(built_site, lang):
    text = (built_site / LANG_PREFIX[lang] / "llms.txt").read_text(encoding="utf-8")
    site_name = "PyTorch 笔记" if lang == "zh" else "PyTorch Notes"
    assert text.startswith(f"# {site_name}\n"), text[:80]
    headings = re.findall(r"^## (.+)$", text, re.M)
    expected = parts(lang)
    assert headings == [title for title, _ in expected]
    for (part, pages), section in zip(expected, re.split(r"^## .+$", text, flags=re.M)[1:], strict=True):
        links = [LINK.match(line) for line in section.strip().splitlines()]
        assert all(links), f"{lang} {part}: a line that is no link:\n{section}"
        assert [m["title"] for m in links] == [title(built_site, lang, p, n) for p, n in pages], part
        for m, (page, _) in zip(links, pages, strict=True):
            stem = re.sub(r"\.(md|ipynb)$", "", page)
            rel = "index.md" if stem == "index" else f"{stem}/index.md"
            assert m["url"].endswith(f"/{LANG_PREFIX[lang]}{rel}"), m["url"]
            assert (built_site / LANG_PREFIX[lang] / rel).is_file(), m["url"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_llms_full_txt_holds_every_listed_page_in_order(built_site, lang):
    full = (built_site / LANG_PREFIX[lang] / "llms-full.txt").read_text(encoding="utf-8")
    titles = [h1(page_html(built_site, lang, p)) for _, pages in parts(lang) for p, _ in pages]
    positions = []
    for name in titles:  # a notebook page's heading keeps its permalink: "# Title[¶](#title)"
        found = re.search(rf"\n# {re.escape(name)}(\[¶\]\(#[^)]*\))?\n", full)
        assert found, f"{lang}: llms-full.txt has no page titled {name!r}"
        positions.append(found.start())
    assert positions == sorted(positions)
    assert "```" in full and ("张量" in full if lang == "zh" else "tensor" in full)
