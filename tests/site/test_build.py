"""The strict build of the real site: outputs under every include, the verified line, the report, the
notebook pages, search in Chinese, and nothing loaded from another host."""

from __future__ import annotations

import json
import platform
import re
import warnings
from html.parser import HTMLParser
from importlib.metadata import version
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlparse

import pytest
from _texts import TEXTS

from docs_runner.machine import detect_device
from docs_runner.paths import ROOT
from docs_runner.spec import all_snippets, read_spec
from tests.site.pages import doc_pages, includes

pytestmark = pytest.mark.site

LANG_PREFIX = {"zh": "", "en": "en/"}
OUTPUT_TITLE = {"zh": "输出", "en": "Output"}
NOT_RUN = {lang: TEXTS[lang]["cuda_only"] for lang in TEXTS}
RECORDED = {lang: TEXTS[lang]["recorded"].split(":")[0].split("：")[0] for lang in TEXTS}
MEASURED_TITLE = {lang: TEXTS[lang]["output_measured"] for lang in TEXTS}


def built_page(site: Path, lang: str, page: str) -> str:
    stem = page.removesuffix(".md")
    rel = "index.html" if stem == "index" else f"{stem}/index.html"
    return (site / LANG_PREFIX[lang] / rel).read_text(encoding="utf-8")


def verified_box(html: str) -> str | None:
    """The text of the "verified with" admonition that the hook puts under the page's H1, if any."""
    m = re.search(
        r'</h1>\s*<div class="admonition success">\s*<p class="admonition-title">[^<]+</p>\s*<p>([^<]+)</p>',
        html,
    )
    return m[1] if m else None


# A code block with a title (a file's title links to it in the repository: hooks/source_links.py; an output's
# title does not), and what stands right after it: the class of the next element and, for an output block,
# its title, for an admonition (the "not run" notice), its title. The lookahead leaves the next block to be
# matched in turn.
TITLED_BLOCK = re.compile(
    r'<div class="(?:snippet-output )?highlight"><span class="filename">(?:<a [^>]*>)?(?P<title>[^<]*)'
    r"(?:</a>)?</span><pre.*?</pre></div>"
    r'(?=\s*(?:<div class="(?P<next>[^"]*)">\s*(?:<span class="filename">(?P<output>[^<]*)</span>'
    r'|<p class="admonition-title">(?P<notice>[^<]*)</p>)?)?)',
    re.S,
)
FILE = re.compile(r"(?:snippets|examples|tools)/[^ （(]+")  # an excerpt's title adds its name after the path
OUTPUT_BLOCK, NOTICE = "snippet-output highlight", "admonition note"


def shown_files(html: str) -> list[tuple[str, str | None]]:
    """The files a page shows as code blocks, in page order, each with what stands right under its block: an
    output block's title, the title of a notice, or None (prose, another file, nothing)."""
    shown = []
    for m in TITLED_BLOCK.finditer(html):
        if file := FILE.match(m["title"]):
            under = m["output"] if m["next"] == OUTPUT_BLOCK else m["notice"] if m["next"] == NOTICE else None
            shown.append((file[0], under))
    return shown


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_include_is_shown_with_its_output_or_a_notice_right_under_it(built_site, lang):
    """Each page shows exactly the files it includes, as titled code blocks in the order of its Markdown, and
    right under each snippet's block (nothing between) the build's output, or for a CUDA-only snippet on a
    CPU build the notice that it did not run or its GPU recording. The HTML decides this (Material's scripts
    do not move code blocks), so the browser test no longer checks it again."""
    device = detect_device()
    for page in doc_pages(lang):
        paths = [p.split(":")[0] for p in includes(lang, page)]
        shown = shown_files(built_page(built_site, lang, page))
        assert [path for path, _ in shown] == paths, f"{lang}/{page}: code blocks differ from the includes"
        for path, under in shown:
            if not (path.startswith("snippets/") and path.endswith(".py")):
                continue  # only Python files run (a shown batch script does not)
            if read_spec(path).needs_cuda and device != "cuda":
                expected = (NOT_RUN[lang], RECORDED[lang])  # the notice, or the GPU recording's title
            else:
                expected = (OUTPUT_TITLE[lang],)
            assert under is not None and under.startswith(expected), f"{lang}/{page}: {path} shows {under!r}"


def test_shown_files_reads_what_stands_right_under_each_file():
    """shown_files on hand-made HTML: an output or a notice right under a file's block is read; a block
    followed by prose, by another file's block or by nothing has nothing under it; blocks come back in page
    order, an excerpt without its name, output blocks not at all."""
    code = '<div class="highlight"><span class="filename">{}</span><pre><code>x</code></pre></div>'
    out = '<div class="snippet-output highlight"><span class="filename">Output</span><pre>1</pre></div>'
    notice = '<div class="admonition note">\n<p class="admonition-title">Not run</p>\n<p>b</p>\n</div>'
    linked = '<a href="https://x/blob/main/snippets/a/b.py" title="t">snippets/a/b.py</a>'
    html = "\n".join(
        [
            code.format(linked), out,
            code.format("snippets/a/c.py"), "<p>prose</p>", out,
            code.format("snippets/a/d.py"), notice,
            code.format("examples/e.py（节选：数据）"),
            code.format("snippets/a/f.py"),
        ]
    )  # fmt: skip
    assert shown_files(html) == [
        ("snippets/a/b.py", "Output"),
        ("snippets/a/c.py", None),
        ("snippets/a/d.py", "Not run"),
        ("examples/e.py", None),
        ("snippets/a/f.py", None),
    ]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_pages_with_outputs_say_which_torch_device_python_and_date_made_them(built_site, lang):
    fields = {
        "zh": r"torch (\S+) · 设备 (\S+) · Python (\S+) · 运行日期 (\S+(?:, \S+)*)",
        "en": r"torch (\S+) · device (\S+) · Python (\S+) · run on (\S+(?:, \S+)*)",
    }  # a page whose records were made on different days (a cache kept across midnight) lists each date
    checked = 0
    for page in doc_pages(lang):
        html = built_page(built_site, lang, page)
        box = verified_box(html)
        if not [p for p in includes(lang, page) if p.startswith("snippets/")]:
            assert box is None, f"{lang}/{page}: a verified box on a page without outputs"
            continue
        assert box, f"{lang}/{page}: no verified box under the title"
        line = re.fullmatch(fields[lang], box.strip())
        assert line, f"{lang}/{page}: the verified box reads {box.strip()!r}"
        torch_v, device, python, date = line.groups()
        assert torch_v == version("torch") and device == detect_device()
        assert python == platform.python_version()
        assert all(re.fullmatch(r"\d{4}-\d\d-\d\d", day) for day in date.split(", ")), date
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_measured_outputs_name_the_hardware_that_measured_them(built_site, site_records, lang):
    """The machine that made the record (a cache restored from another machine keeps its own), not this
    one."""
    measured = [p for p in all_snippets() if read_spec(p).measured and not read_spec(p).needs_cuda]
    pages = {inc.split(":")[0]: page for page in doc_pages(lang) for inc in includes(lang, page)}
    for path in measured:
        html = built_page(built_site, lang, pages[path])
        title = MEASURED_TITLE[lang].format(hardware=site_records[path].hardware)
        after = html[html.index(f">{path}<") :]  # the output title right under this very file's code
        assert re.search(r'<span class="filename">([^<]*)</span>', after)[1] == title, path


@pytest.mark.parametrize(
    ("lang", "title", "prose"),
    [("zh", "从零实现线性回归", "生成数据"), ("en", "Linear regression from scratch", "Make the data")],
)
def test_notebook_page_is_executed_localised_and_downloadable(built_site, lang, title, prose):
    page_dir = built_site / LANG_PREFIX[lang] / "notebooks" / "tensor-linear-fit"
    html = (page_dir / "index.html").read_text(encoding="utf-8")
    assert title in html and prose in html
    assert "gap to lstsq" in html, "notebook outputs missing: it was not executed"
    assert '<a href="tensor-linear-fit.ipynb" download' in html, "no download button"
    assert 'src="data:image/png;base64,' in html, "the notebook's figure is not on the page"
    assert "katex.min.js" in html, "the notebook's formulas get no KaTeX"
    nb = json.loads((page_dir / "tensor-linear-fit.ipynb").read_text(encoding="utf-8"))
    outputs = [o for c in nb["cells"] if c["cell_type"] == "code" for o in c["outputs"]]
    assert outputs, "the downloadable notebook carries no outputs"
    other = "Make the data" if lang == "zh" else "生成数据"
    assert other not in json.dumps(nb, ensure_ascii=False), "prose of the other language leaked in"


class _Loads(HTMLParser):
    """Collects the URLs a browser would fetch while loading the page (not plain <a> links)."""

    LOADING: ClassVar[dict[str, str]] = {
        "script": "src",
        "img": "src",
        "iframe": "src",
        "source": "src",
        "audio": "src",
        "video": "src",
        "embed": "src",
    }

    def __init__(self):
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in self.LOADING and attrs.get(self.LOADING[tag]):
            self.urls.append(attrs[self.LOADING[tag]])
        if tag == "link" and attrs.get("rel") not in ("canonical", "alternate") and attrs.get("href"):
            self.urls.append(attrs["href"])
        self.urls += re.findall(r"url\(\s*['\"]?([^'\")]+)", attrs.get("style") or "")


def test_no_page_loads_anything_from_another_host(built_site):
    offenders = []
    for html_file in built_site.rglob("*.html"):
        text = html_file.read_text(encoding="utf-8")
        parser = _Loads()
        parser.feed(text)
        urls = parser.urls + re.findall(r"""import\(\s*["'](https?://[^"']+)""", text)
        offenders += [(html_file.name, u) for u in urls if urlparse(u).hostname not in (None, "127.0.0.1")]
    for css in built_site.rglob("*.css"):
        for u in re.findall(r"url\(\s*['\"]?([^'\")]+)", css.read_text(encoding="utf-8")):
            if urlparse(u).hostname not in (None, "127.0.0.1"):
                offenders.append((css.name, u))
    assert not offenders, offenders
    assert "fonts.googleapis.com" not in "".join(
        p.read_text(encoding="utf-8") for p in built_site.rglob("*.html")
    )


def test_each_language_has_its_own_search_index(built_site):
    def index(lang_dir: str) -> dict:
        return json.loads(
            (built_site / lang_dir / "search" / "search_index.json").read_text(encoding="utf-8")
        )

    zh, en = index(""), index("en")
    zh_text = " ".join(d["text"] + " " + d["title"] for d in zh["docs"])
    # jieba segmentation leaves words separated by the search separator (a zero-width space or a blank).
    assert re.search(r"(^|[\s\u200b])张量([\s\u200b]|$)", zh_text), "张量 is not a separate search term"
    assert not [d for d in zh["docs"] if d["location"].startswith("en/")], "en pages in the zh index"
    assert any(d["title"] == "Tensors" and d["location"] == "tensors/" for d in en["docs"])
    assert not re.search(r"[\u4e00-\u9fff]", " ".join(d["title"] for d in en["docs"])), (
        "zh titles in en index"
    )
    assert zh["config"]["lang"] == ["zh", "en"]
    html = built_page(built_site, "en", "tensors.md")
    assert '"base": "../../en/"' in html, "en pages must look up the en index"


def test_chinese_headings_get_readable_anchors(built_site):
    html = built_page(built_site, "zh", "tensors.md")
    ids = re.findall(r'<h2 id="([^"]+)"', html)
    assert any(re.search(r"[\u4e00-\u9fff]", i) for i in ids), ids
    assert not any(re.fullmatch(r"_\d+", i) for i in ids)


@pytest.mark.parametrize(
    ("lang", "own", "foreign"),
    [("zh", "切换到深色模式", "Switch to"), ("en", "Switch to dark mode", "切换到")],
)
def test_interface_words_match_the_page_language(built_site, lang, own, foreign):
    html = built_page(built_site, lang, "tensors.md")
    assert own in html and foreign not in html
    assert "Permanent link" not in html and "Made with" not in html


def test_bench_results_hold_every_figure_the_contributors_page_shows():
    """bench/results.json is what `make bench` last wrote; a figure added to the bench needs a new run."""
    results = json.loads((Path(__file__).resolve().parents[2] / "bench" / "results.json").read_text())
    for lang, text in TEXTS.items():
        missing = sorted(set(text["bench_rows"]) - set(results["figures"]))
        assert not missing, f"bench/results.json lacks {missing} ({lang} contributing page shows them)"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_report_opens_with_a_summary_and_lists_every_file_under_its_page(built_site, site_records, lang):
    """The summary's counts are this build's; every file is one row, under the page that shows it, with a
    link to its section; build and page-speed figures are on the contributors' page, not here."""
    html = built_page(built_site, lang, "report.md")
    head, _, tables = html.partition("<table>")
    summary = re.search(r'<div class="admonition success">.*?</div>', head, re.S)
    assert summary, f"{lang}: the report does not open with its summary"
    counts = [int(n) for n in re.findall(r"<strong>(\d+)</strong>", summary[0])]
    assert counts[:2] == [len(site_records), sum(r.status == "ok" for r in site_records.values())], counts
    rows = re.findall(r"<tr>\s*<td><code>([^<]+)</code></td>\s*<td>(.*?)</td>", tables, re.S)
    assert sorted(path for path, _ in rows) == sorted(site_records), f"{lang}: not one row per file"
    linked = [path for path, where in rows if '<a href="' in where]
    assert len(linked) >= len(rows) - 2, f"{lang}: files without a link to their section"
    assert TEXTS[lang]["bench_rows"]["warm_build_s"] not in html
    assert TEXTS[lang]["bench_rows"]["warm_build_s"] in built_page(built_site, lang, "contributing.md")


def test_source_blocks_are_focusable_before_material_mounts_them(built_site):
    """hooks/lazy_code_blocks.py: Material mounts code blocks only as they come into view, so every source
    block is focusable from the start; output blocks wrap their lines, never scroll sideways, and are not."""
    block = re.compile(
        r'<div class="(snippet-output )?highlight">(?:<span class="filename">.*?</span>)?'
        r"<pre[^>]*><span></span><code([^>]*)>"
    )
    for lang in ("zh", "en"):
        for page in doc_pages(lang):
            html = built_page(built_site, lang, page)
            found = list(block.finditer(html))
            assert len(found) == html.count('highlight">'), f"{lang}/{page}: a code block of another shape"
            for m in found:
                focusable = m[2] == ' tabindex="0"'
                assert focusable == (m[1] is None), f"{lang}/{page}: {m[0][:120]!r}"


def test_the_build_writes_nothing_into_docs(built_site):
    """Generated notebooks live in .cache/notebooks/ (hooks/notebook_sources.py); docs/ holds prose only."""
    import subprocess

    from docs_runner.paths import ROOT

    assert not list((ROOT / "docs").rglob("*.ipynb"))
    untracked = subprocess.run(
        ["git", "ls-files", "--others", "docs"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert untracked.stdout == "", f"the build left files in docs/:\n{untracked.stdout}"


def test_the_search_worker_gets_lunrs_mends(built_site, tmp_path):
    """hooks/search_per_language.py: lunr's automaton keys get a separator after each edge (without it,
    today's English index answered every query starting with "t" with an error), and a wildcard query term
    goes through the stemmer without its wildcard ("tables" found nothing); see the search test in
    test_browser.py."""
    from mkdocs.exceptions import PluginError

    with warnings.catch_warnings():  # jieba, which Material's search plugin imports, warns on import
        warnings.simplefilter("ignore", UserWarning)
        from search_per_language import LUNR_MENDS, mend_lunr_worker

    (worker,) = (built_site / "assets" / "javascripts" / "workers").glob("search.*.min.js")
    text = worker.read_text(encoding="utf-8")
    for _, original, mended in LUNR_MENDS:
        assert original not in text and text.count(mended) == 1

    folder = tmp_path / "assets" / "javascripts" / "workers"
    folder.mkdir(parents=True)
    fake = folder / "search.0.min.js"
    fake.write_text(";".join(original for _, original, _ in LUNR_MENDS), encoding="utf-8")
    mend_lunr_worker(tmp_path)
    mend_lunr_worker(tmp_path)  # a --dirty rebuild finds it mended already
    assert fake.read_text(encoding="utf-8") == ";".join(mended for _, _, mended in LUNR_MENDS)
    for what, missing, _ in LUNR_MENDS:  # another Material release: each mend whose code is gone says so
        fake.write_text(";".join(o for _, o, _ in LUNR_MENDS if o != missing), encoding="utf-8")
        with pytest.raises(PluginError, match=re.escape(f"search.0.min.js: lunr's {what}")):
            mend_lunr_worker(tmp_path)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_home_page_names_the_pinned_versions_and_the_repository(built_site, lang):
    import build_facts

    html = built_page(built_site, lang, "index.md")
    pinned = build_facts.pins()
    for package in ("torch", "torchvision"):
        assert f"{package} {pinned[package]}" in html, f"{lang}: the home page does not name {package}'s pin"
    assert "<!-- pinned:" not in html and "<!-- repository -->" not in html
    # extra.source_url as the build resolved it: the page's own "edit this page" link starts with it.
    source = re.search(r'href="([^"]+)/edit/main/docs/', html)[1]
    assert f'href="{source}/issues"' in html and f'href="{source}/blob/main/LICENSE"' in html
    assert (ROOT / "LICENSE").is_file()


def test_build_facts_refuse_what_the_build_does_not_know():
    import build_facts
    from mkdocs.exceptions import PluginError

    assert build_facts.fill("torch <!-- pinned:Torch -->", "p.md", {"torch": "9.9"}, "") == "torch 9.9"
    with pytest.raises(
        PluginError, match=r"^p\.md: <!-- pinned:tensorflow -->, but requirements\.txt pins no"
    ):
        build_facts.fill("<!-- pinned:tensorflow -->", "p.md", {"torch": "9.9"}, "https://x")
    with pytest.raises(PluginError, match=r"^p\.md: <!-- repository -->, but mkdocs\.yml has no extra"):
        build_facts.fill("[a](<!-- repository -->/issues)", "p.md", {}, "")
    assert (
        build_facts.fill("[a](<!-- repository -->/issues)", "p.md", {}, "https://x/")
        == "[a](https://x/issues)"
    )
