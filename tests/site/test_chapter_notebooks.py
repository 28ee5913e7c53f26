"""Every chapter as a notebook in each language (hooks/chapter_notebooks.py, hooks/_chapter_notebook.py).

- Every chapter page (the nav outside the appendix, without the home page) links its notebook for download;
  the file is beside the page in the site and is the one .cache/notebooks/ holds (what pages.yml publishes).
- A notebook's code cells are what the page shows, character for character (so token for token): each
  snippet's block, a launched file as `%%writefile <path>` plus `!<its # run: line>`, a `# beside:` file as
  `%%writefile <name>` plus `%run <name>`, a file that compiles or uses `__file__` as `%%writefile` plus
  `!python`; a server file comes after a Markdown cell naming its server line.
- Each cell's outputs are the page's output under that block (the build's record, or the GPU recording the
  page shows) and the figures the page shows.
- The first cell installs what a hosted runtime lacks at requirements.txt's versions and prints both torches.
"""

from __future__ import annotations

import base64
import os
import re
from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest
import yaml
from _chapter_notebook import requirements
from _comments import translated_file
from _pages import chapter_pages, nav_parts
from build_facts import pins

from docs_runner.notebooks import notebook_examples
from docs_runner.spec import headers, read_spec
from tests.conftest import ROOT
from tests.site.test_build import LANG_PREFIX, TITLED_BLOCK, built_page
from tests.site.test_comments import block_code

pytestmark = pytest.mark.site


class _Loader(yaml.SafeLoader):
    """Reads mkdocs.yml without resolving its tags (!ENV, python objects): only the nav is wanted."""


_Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
NAV = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)["nav"]
CHAPTERS = [page for page in chapter_pages(NAV) if page.endswith(".md")]
PARTS = nav_parts(NAV)
LANGS = ("zh", "en")
GENERATED = ROOT / ".cache" / "notebooks"
DOWNLOAD = re.compile(
    r'<a href="(?P<href>[^"]+\.ipynb)" download(?:="")? title="[^"]+" class="[^"]*nb-download'
)
IMG = re.compile(r'<img class="snippet-figure" src="(?P<src>[\w-]+\.png)"')


def page_dir(site, lang: str, page: str):
    return site / LANG_PREFIX[lang] / page.removesuffix(".md")


def read_notebook(site, lang: str, page: str) -> nbformat.NotebookNode:
    return nbformat.read(page_dir(site, lang, page) / f"{page.removesuffix('.md')}.ipynb", as_version=4)


def shown_blocks(site, lang: str, page: str) -> list[tuple[str, str, str | None]]:
    """(file, code, the first output block's text or None) of each snippet block of a built page, in order."""
    found = []
    for m in TITLED_BLOCK.finditer(built_page(site, lang, page)):
        if "snippet-output" in m[0][:40]:
            if found and found[-1][2] is None:
                found[-1] = (*found[-1][:2], block_code(m[0]))
            continue
        if re.match(r"snippets/\S+\.py$", m["title"]):
            found.append((m["title"], block_code(m[0]), None))
    return found


def earlier_file(cells, i: int) -> str | None:
    """The target of cells[i] if it is a `%%writefile` of a file an earlier chapter showed (no `%run` or `!`
    cell of its own follows it), else None."""
    first = cells[i].source.partition("\n")[0]
    if not first.startswith("%%writefile "):
        return None
    target = first.removeprefix("%%writefile ")
    runner = cells[i + 1].source
    return None if runner == f"%run {target}" or runner.startswith("!") else target


def cells_for_blocks(nb) -> list[tuple[str | None, str, list[dict], str | None, list[tuple[str, str]]]]:
    """(written file or None, shown code, outputs, runner cell, earlier files) per snippet, read back from the
    notebook's cells (the setup cell aside). Earlier files: (target, text) of each `%%writefile` cell of a
    file an earlier chapter showed, written right before the snippet that needs it `# beside:`."""
    found, cells = [], [c for c in nb.cells if c.cell_type == "code"][1:]
    i, earlier = 0, []
    while i < len(cells):
        source = cells[i].source
        if target := earlier_file(cells, i):
            earlier.append((target, source.partition("\n")[2]))
            i += 1
            continue
        if source.startswith("%%writefile "):
            first, _, code = source.partition("\n")
            target, runner = first.removeprefix("%%writefile "), cells[i + 1]
            found.append((target, code, runner.outputs, runner.source, earlier))
            i += 2
        else:
            found.append((None, source, cells[i].outputs, None, earlier))
            i += 1
        earlier = []
    return found


def text_of(outputs) -> str | None:
    texts = [o.text for o in outputs if o.output_type == "stream"]
    return "".join(texts) if texts else None


@pytest.mark.parametrize("lang", LANGS)
def test_every_chapter_page_offers_its_notebook_for_download(built_site, lang):
    assert len(CHAPTERS) >= 30
    for page in CHAPTERS:
        html = built_page(built_site, lang, page)
        links = DOWNLOAD.findall(html)
        name = f"{page.removesuffix('.md')}.ipynb"
        assert links == [name], f"{lang}/{page}: download links {links}"
        shipped = page_dir(built_site, lang, page) / name
        assert shipped.read_bytes() == (GENERATED / lang / name).read_bytes(), f"{lang}/{page}"
        nbformat.validate(nbformat.read(shipped, as_version=4))
    appendix = [p for p in NAV[-1][next(iter(NAV[-1]))] if isinstance(p, str)]
    for page in appendix:
        assert not DOWNLOAD.search(built_page(built_site, lang, page)), f"{lang}/{page} is no chapter"
        assert "colab.research.google.com" not in built_page(built_site, lang, page), f"{lang}/{page}"
    published = sorted(p.name for p in (GENERATED / lang).glob("*.ipynb"))
    assert published == sorted(f"{p.removesuffix('.md')}.ipynb" for p in CHAPTERS), "a stale notebook is left"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", CHAPTERS)
def test_a_notebook_shows_the_pages_code_and_outputs(built_site, lang, page):
    nb = read_notebook(built_site, lang, page)
    shown = shown_blocks(built_site, lang, page)
    cells = cells_for_blocks(nb)
    assert len(cells) == len(shown), f"{lang}/{page}: {len(cells)} code cells for {len(shown)} blocks"
    markdown = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    for (target, code, outputs, runner, earlier), (path, page_code, page_output) in zip(
        cells, shown, strict=True
    ):
        assert code.rstrip("\n") == page_code.rstrip("\n"), f"{lang}/{page}: {path} differs from the page"
        spec = read_spec(path)
        for written, text in earlier:  # a file an earlier chapter showed, which this one needs beside it
            needed = [p for p in spec.beside if written in (p, p.rsplit("/", 1)[1])]
            assert needed, f"{lang}/{page}: {written} is written before {path}, which does not need it"
            assert text == translated_file(needed[0], lang).rstrip("\n"), f"{lang}/{page}: {written}"
        if spec.launcher != "python":
            assert target == path and runner == f"!{headers(path, page_code)['run'][0]}", (lang, page, path)
            assert f"# run: {runner[1:]}" in page_code.splitlines()  # the command the page shows
        elif target is not None and runner.startswith("!python "):  # a process of its own, as in the build
            assert runner == f"!python {target}" and target in (path, path.rsplit("/", 1)[1]), (page, path)
        elif target is not None:
            assert target in (path, path.rsplit("/", 1)[1]) and runner == f"%run {target}", (page, path)
        if spec.server:
            assert f"```bash\n{spec.server}\n```" in markdown, f"{lang}/{page}: {path}'s server"
        assert (text_of(outputs) or "").rstrip("\n") == (page_output or "").rstrip("\n"), (lang, page, path)
    figures = sorted(
        base64.b64decode(o.data["image/png"])
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.outputs
        if o.output_type == "display_data"
    )
    html = built_page(built_site, lang, page)
    assert figures == sorted(
        (page_dir(built_site, lang, page) / m["src"]).read_bytes() for m in IMG.finditer(html)
    )
    assert "--8<--" not in markdown and "<!-- pinned:" not in markdown and "<!-- diff:" not in markdown


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_cell_installs_what_a_hosted_runtime_lacks_and_compares_torch(built_site, lang):
    pinned = pins()
    for page in CHAPTERS:
        setup = read_notebook(built_site, lang, page).cells[0]
        assert setup.cell_type == "code", f"{lang}/{page}"
        assert "import torch" in setup.source and "torch.__version__" in setup.source
        found = re.search(r"^PINNED = (\{.*?\})", setup.source, re.M)
        assert found, f"{lang}/{page}: no PINNED"
        for requirement in eval(found[1]).values():
            name, _, version = requirement.partition("==")
            assert pinned[name.lower().replace("_", "-")] == version, (lang, page, requirement)
        assert "torch" not in {r.split("==")[0] for r in eval(found[1]).values()}
    capstone = read_notebook(built_site, lang, "capstone.md").cells[0].source
    assert "sklearn" in capstone and f"scikit-learn=={pinned['scikit-learn']}" in capstone


# What every hosted notebook runtime (Colab, Kaggle, SageMaker) ships besides torch, among the packages the
# example notebooks import. A chapter notebook's setup cell installs any of them that is missing; the example
# notebooks, published as the site renders them, have no setup cell (README, decision of 2026-12-07).
HOSTED_RUNTIMES_SHIP = {"numpy", "matplotlib", "IPython"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_example_notebooks_import_nothing_a_hosted_runtime_lacks_and_name_their_torch(lang):
    """The example notebooks (notebooks/*.ipynb, published and opened in Colab as they are) import only torch
    and what a hosted runtime ships. The day one imports another package requirements.txt pins, this fails,
    and that notebook needs the chapters' setup cell. Their "verified with" note, the cell after the title,
    names the torch the page ran with."""
    examples = [path.relative_to(ROOT).as_posix() for path in notebook_examples()]
    assert examples, "no example notebooks found"
    assert set(requirements(examples, pins())) <= HOSTED_RUNTIMES_SHIP
    for example in examples:
        name = Path(example).stem.replace("_", "-")
        published = nbformat.read(GENERATED / lang / "notebooks" / f"{name}.ipynb", as_version=4)
        assert f"torch {pins()['torch']}" in published.cells[1].source, f"{lang}/{name}"


def test_the_parts_are_the_navs_parts_but_the_appendix():
    assert [page for part in PARTS for page in part] == chapter_pages(NAV)
    assert len(PARTS) == len(NAV) - 1


# -- Open in Colab -----------------------------------------------------------------------------------------

COLAB = re.compile(
    r'<a href="(?P<href>https://colab\.research\.google\.com/[^"]*)" title="[^"]*" class="[^"]*nb-colab'
)
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def repository() -> str:
    """owner/name of the repository mkdocs.yml's extra.source_url names (its default, or SOURCE_URL)."""
    default = re.search(r'source_url: !ENV \[SOURCE_URL, "([^"]+)"\]', (ROOT / "mkdocs.yml").read_text())[1]
    url = os.environ.get("SOURCE_URL", default)
    return re.fullmatch(r"https://github\.com/([\w.-]+/[\w.-]+?)/?", url)[1]


def published() -> tuple[str, Path]:
    """(branch, folder) of what pages.yml publishes: the folder the build uploads as the `notebooks` artifact,
    and the branch the job that downloads that artifact pushes, with the only write permission it has."""
    jobs = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]
    uploads = [
        step["with"]["path"]
        for step in jobs["build"]["steps"]
        if step.get("uses", "").startswith("actions/upload-artifact@") and step["with"]["name"] == "notebooks"
    ]
    assert len(uploads) == 1, "pages.yml's build uploads no (or several) notebooks artifacts"
    pushers = [
        job
        for job in jobs.values()
        if any(
            step.get("uses", "").startswith("actions/download-artifact@")
            and step.get("with", {}).get("name") == "notebooks"
            for step in job["steps"]
        )
    ]
    assert len(pushers) == 1, "no single job of pages.yml publishes the notebooks"
    job = pushers[0]
    assert job["if"] == "github.ref == 'refs/heads/main'" and job["permissions"] == {"contents": "write"}
    script = "\n".join(step.get("run", "") for step in job["steps"])
    assert "git push --force" in script and '"HEAD:$BRANCH"' in script
    return job["env"]["BRANCH"], ROOT / uploads[0]


def built_chapter(site, lang: str, page: str) -> str:
    stem = page.removesuffix(".md").removesuffix(".ipynb")
    return (site / LANG_PREFIX[lang] / stem / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGS)
def test_every_chapter_page_opens_its_published_notebook_in_colab(built_site, lang):
    branch, folder = published()
    from chapter_notebooks import NOTEBOOK_BRANCH

    assert branch == NOTEBOOK_BRANCH
    pages = chapter_pages(NAV)
    assert any(p.endswith(".ipynb") for p in pages)  # the example notebook pages too
    for page in pages:
        stem = page.removesuffix(".md").removesuffix(".ipynb")
        links = COLAB.findall(built_chapter(built_site, lang, page))
        expected = (
            f"https://colab.research.google.com/github/{repository()}/blob/{branch}/{lang}/{stem}.ipynb"
        )
        assert links == [expected], f"{lang}/{page}: {links}"
        assert (folder / lang / f"{stem}.ipynb").is_file(), (
            f"{lang}/{stem}.ipynb is not in what pages.yml publishes"
        )
    for page in ["index.md", *(p for p in NAV[-1][next(iter(NAV[-1]))] if isinstance(p, str))]:
        stem = "" if page == "index.md" else page.removesuffix(".md")
        html = (built_site / LANG_PREFIX[lang] / stem / "index.html").read_text(encoding="utf-8")
        assert not COLAB.search(html), f"{lang}/{page} is no chapter"


def test_a_repository_outside_github_gives_no_colab_link():
    from chapter_notebooks import colab_url

    def config(url):
        return SimpleNamespace(extra={"source_url": url})

    assert colab_url(config("https://gitlab.com/a/b"), "zh/x.ipynb") is None
    assert colab_url(config(""), "zh/x.ipynb") is None
    assert (
        colab_url(config("https://github.com/you/notes.git"), "en/x.ipynb")
        == "https://colab.research.google.com/github/you/notes/blob/notebooks/en/x.ipynb"
    )
