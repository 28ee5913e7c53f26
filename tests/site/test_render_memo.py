"""hooks/_memo.py and hooks/render_memo.py: a warm build answers from the memos exactly what the functions
would compute. The whole-site check (a build from the memos is byte for byte the build that filled them) is
in test_cache.py."""

from __future__ import annotations

import json

import pytest
from _memo import DiskMemo


def test_the_memo_answers_from_its_file_and_keeps_what_the_last_build_asked(tmp_path):
    calls = []

    def compute(value):
        calls.append(value)
        return [value, value]

    memo = DiskMemo("demo", "pygments 1")
    memo.load(tmp_path)
    assert memo.get(("a", 1), lambda: compute("a")) == ["a", "a"]
    assert memo.get(("b", 1), lambda: compute("b")) == ["b", "b"]
    memo.save()
    assert calls == ["a", "b"]

    later = DiskMemo("demo", "pygments 1")  # the next build, in another process
    later.load(tmp_path)
    assert later.get(("a", 1), lambda: compute("again")) == ["a", "a"]
    later.save()
    assert calls == ["a", "b"]
    (file,) = (tmp_path / "render").glob("demo-*.json")
    assert len(json.loads(file.read_text(encoding="utf-8"))) == 1, "only what the last build asked stays"

    upgraded = DiskMemo("demo", "pygments 2")  # another version: another file, the old one goes
    upgraded.load(tmp_path)
    assert upgraded.get(("a", 1), lambda: compute("new")) == ["new", "new"]
    upgraded.save()
    assert [p.name for p in (tmp_path / "render").glob("demo-*.json")] != [file.name]
    assert len(list((tmp_path / "render").glob("demo-*.json"))) == 1


def test_the_end_of_a_build_saves_every_memo_it_loaded_and_a_reloaded_hooks_memo_replaces_the_old(
    tmp_path, monkeypatch
):
    import _memo

    monkeypatch.setattr(_memo, "LOADED", {})
    first = DiskMemo("one", "v")
    stale = DiskMemo("two", "v")  # the instance of a hook module that `mkdocs serve` then reloads
    first.load(tmp_path)
    stale.load(tmp_path)
    stale.get(("old",), lambda: "old")
    reloaded = DiskMemo("two", "v")
    reloaded.load(tmp_path)
    first.get(("a",), lambda: "a")
    reloaded.get(("b",), lambda: "b")
    untouched = DiskMemo("three", "v")  # loaded, then never asked: its file from an earlier build stays
    (tmp_path / "render").mkdir()
    (tmp_path / "render" / f"three-{untouched.key}.json").write_text('{"k": "kept"}', encoding="utf-8")
    untouched.load(tmp_path)
    _memo.save_all()
    saved = {p.name.split("-")[0]: json.loads(p.read_text()) for p in (tmp_path / "render").glob("*.json")}
    assert saved == {
        "one": {first.lookup(("a",))[0]: "a"},
        "two": {reloaded.lookup(("b",))[0]: "b"},
        "three": {"k": "kept"},
    }
    assert _memo.LOADED == {}, "the next build starts with no memo loaded"


def test_an_argument_without_a_stable_repr_is_never_memoised(tmp_path):
    memo = DiskMemo("demo", "v")
    memo.load(tmp_path)
    answers = iter(["first", "second"])
    thing = object()
    assert memo.get((thing,), lambda: next(answers)) == "first"
    assert memo.get((thing,), lambda: next(answers)) == "second"


def test_memoised_highlighting_is_what_pymdownx_computes(tmp_path, monkeypatch):
    """The hook's stand-in for Pygments' highlight() inside pymdownx gives the real function's HTML for each
    option pymdownx passes (title, highlighted lines, line numbers), computed and from the memo."""
    import markdown
    import pymdownx.highlight
    import render_memo

    source = '```python title="x.py" hl_lines="2" linenums="3"\nimport torch\nx = torch.ones(2)  # 1\n```\n'
    extensions = ["pymdownx.superfences", "pymdownx.highlight"]
    real = getattr(pymdownx.highlight.highlight, "__wrapped__", pymdownx.highlight.highlight)
    monkeypatch.setattr(pymdownx.highlight, "highlight", real)
    plain = markdown.markdown(source, extensions=extensions)
    memo = DiskMemo("highlight", "test")
    memo.load(tmp_path)
    monkeypatch.setattr(render_memo, "HIGHLIGHT", memo)
    render_memo._memo_highlight()
    computed = markdown.markdown(source, extensions=extensions)
    assert len(memo.known) == 1
    from_memo = markdown.markdown(source, extensions=extensions)
    assert 'class="hll"' in plain and "x.py" in plain and "linenos" in plain
    assert computed == from_memo == plain


@pytest.fixture
def notebook(tmp_path):
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Title\n\nText."), nbformat.v4.new_code_cell("x = 1\nx")]
    nb.cells[1].outputs = [nbformat.v4.new_output("execute_result", {"text/plain": "1"}, execution_count=1)]
    path = tmp_path / "demo.ipynb"
    nbformat.write(nb, path)
    return path


def test_memoised_notebooks_are_what_mkdocs_jupyter_computes(tmp_path, notebook, monkeypatch):
    import mkdocs_jupyter.plugin
    import render_memo
    from mkdocs_jupyter import convert

    real_html = getattr(convert.nb2html, "__wrapped__", convert.nb2html)
    real_toc = mkdocs_jupyter.plugin._get_nb_toc_tokens
    real_toc = getattr(real_toc, "__wrapped__", real_toc)
    monkeypatch.setattr(convert, "nb2html", real_html)
    monkeypatch.setattr(mkdocs_jupyter.plugin, "_get_nb_toc_tokens", real_toc)
    memo = DiskMemo("notebooks", "test")
    memo.load(tmp_path)
    monkeypatch.setattr(render_memo, "NOTEBOOKS", memo)
    render_memo._memo_notebooks()
    options = {"no_prompt": True, "include_requirejs": False}
    html = [convert.nb2html(str(notebook), **options) for _ in range(2)]
    toc = [list(mkdocs_jupyter.plugin._get_nb_toc_tokens(str(notebook), 3)) for _ in range(2)]
    assert len(memo.known) == 2
    assert html[0] == html[1] == real_html(str(notebook), **options)
    assert "Title" in html[0]
    assert toc[0] == toc[1] == list(real_toc(str(notebook), 3))


def test_memoised_pages_render_as_mkdocs_does_and_a_render_that_warned_is_not_kept(
    tmp_path, monkeypatch, caplog
):
    """The stand-in for Page.render gives the page what MkDocs' render gives (HTML, table of contents, title,
    anchors, links to other pages' anchors), from the memo too; a render that logged a warning is rendered,
    and warns, again in the same process (`mkdocs serve` keeps the memo in memory across rebuilds)."""
    import logging

    import render_memo
    from mkdocs.config import load_config
    from mkdocs.structure.files import File, Files
    from mkdocs.structure.pages import Page

    real = getattr(Page.render, "__wrapped__", Page.render)
    monkeypatch.setattr(Page, "render", real)
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\n## Part\n\n[to b](b.md#there) [gone](nowhere.md)\n", encoding="utf-8")
    (docs / "b.md").write_text("# B\n\n## There\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: t\nmarkdown_extensions: [toc]\n", encoding="utf-8")
    config = load_config(str(tmp_path / "mkdocs.yml"))
    files = Files([File(n, str(docs), str(tmp_path / "site"), True) for n in ("a.md", "b.md")])

    def render(name: str) -> Page:
        page = Page(None, files.get_file_from_path(name), config)
        page.read_source(config)
        page.render(config, files)
        return page

    memo = DiskMemo("pages", "test")
    memo.load(tmp_path)
    monkeypatch.setattr(render_memo, "PAGES", memo)
    render_memo._memo_pages()
    for attempt in range(2):
        caplog.clear()
        with caplog.at_level(logging.WARNING):
            page = render("a.md")
        assert "nowhere.md" in caplog.text, f"render {attempt}: the warning must be logged every time"
    assert memo.known == {}, "a render that warned is not kept"

    (docs / "a.md").write_text("# A\n\n## Part\n\n[to b](b.md#there)\n", encoding="utf-8")
    monkeypatch.setattr(Page, "render", real)
    plain = render("a.md")
    render_memo._memo_pages()
    computed, from_memo = render("a.md"), render("a.md")
    assert len(memo.known) == 1
    for page in (computed, from_memo):
        assert page.content == plain.content and str(page.toc) == str(plain.toc)
        assert page.title == plain.title == "A"
        assert page.present_anchor_ids == plain.present_anchor_ids == {"a", "part"}
        assert (
            page.links_to_anchors
            == plain.links_to_anchors
            == {files.get_file_from_path("b.md"): {"there": "b.md#there"}}
        )


def test_the_offline_copy_and_the_site_keep_their_own_memos(tmp_path, monkeypatch):
    """The offline copy's build (hooks/offline_copy.py) asks for the same pages under other URLs; each build
    keeps its answers in a file of its own, so after `make offline` the next build still answers from its
    memo (and the offline build from its own)."""
    import offline_copy

    def build(offline: bool, args: tuple, compute: str) -> object:
        if offline:
            monkeypatch.setenv(offline_copy.ENV, "true")
        else:
            monkeypatch.delenv(offline_copy.ENV, raising=False)
        memo = DiskMemo("demo", "v")
        memo.load(tmp_path)
        answer = memo.get(args, lambda: compute)
        memo.save()
        return answer

    assert build(False, ("tensors/",), "site") == "site"
    assert build(True, ("tensors.html",), "offline") == "offline"
    assert build(False, ("tensors/",), "computed again") == "site"
    assert build(True, ("tensors.html",), "computed again") == "offline"
    assert sorted(p.name.split("-")[0] for p in (tmp_path / "render").glob("*.json")) == [
        "demo",
        "demo.offline",
    ]


def test_memoised_translations_are_what_the_translator_computes_and_an_edited_one_is_not_reused(
    tmp_path, monkeypatch
):
    import _comments
    import code_comments

    path = "snippets/tensors/creation.py"
    memo = DiskMemo("comments", "test")
    memo.load(tmp_path)
    monkeypatch.setattr(code_comments, "MEMO", memo)
    assert code_comments.translated(path, "zh") == _comments.translated_file(path, "zh")
    assert code_comments.translated(path, "en") == (_comments.ROOT / path).read_text(encoding="utf-8")
    assert len(memo.known) == 1, "the source language is never memoised"

    def no_translation(*args):
        raise AssertionError("translated again although the memo holds it")

    monkeypatch.setattr(code_comments, "translate", no_translation)
    first = code_comments.translated(path, "zh")
    table = dict(_comments.table(path, "zh"))
    english = next(iter(table))
    table[english] = "改过的译文"
    monkeypatch.setattr(code_comments, "table", lambda *args: table)
    with pytest.raises(AssertionError, match="translated again"):
        code_comments.translated(path, "zh")
    assert "改过的译文" not in first


def test_memoised_glossary_rows_are_what_the_search_finds_and_an_edited_page_is_searched_again(
    tmp_path, monkeypatch
):
    import glossary

    pages = ["tensors.md", "autograd.md"]
    (tmp_path / "docs" / "zh").mkdir(parents=True)
    for page in pages:
        text = (glossary.DOCS / "zh" / page).read_text(encoding="utf-8")
        (tmp_path / "docs" / "zh" / page).write_text(text, encoding="utf-8")
    monkeypatch.setattr(glossary, "DOCS", tmp_path / "docs")
    memo = DiskMemo("glossary", "test")
    memo.load(tmp_path)
    monkeypatch.setattr(glossary, "FIRST", memo)
    texts = {p: (tmp_path / "docs" / "zh" / p).read_text(encoding="utf-8") for p in pages}
    found = glossary.first_pages("zh", pages)
    assert found == glossary._first_pages("zh", pages, texts)
    assert glossary.first_pages("zh", pages) == found
    assert len(memo.known) == 1
    with (tmp_path / "docs" / "zh" / "tensors.md").open("a", encoding="utf-8") as page:
        page.write("\n反向传播在这里第一次出现。\n")
    assert glossary.first_pages("zh", pages)["反向传播"] == "tensors.md"
    assert len(memo.known) == 2, "an edited page is searched again, not answered from the memo"
