"""The torch version matrix (matrix/versions.toml and results.json, tools/matrix.py, hooks/_matrix.py): the
list of releases meets the floor, the data covers every file it has current results for, every code block of
the built site shows the line the data gives (a file edited since its matrix run as not yet checked, never as
checked), the report and the home page show the data, and a page's "runs from" claims come from the data."""

from __future__ import annotations

import html
import importlib.util
import json
import re
import sys
from pathlib import Path

import _matrix
import pytest
from _includes import SNIPPET_FENCE
from _matrix import block_line, outcomes, reason_not_in_matrix, reference, releases, runs_from
from _texts import TEXTS

from docs_runner.paths import ROOT
from docs_runner.spec import all_snippets, read_spec
from tests.site.pages import DOCS, LANGS, doc_pages

LANG_PREFIX = {"zh": "", "en": "en/"}
# Material's search takes data-search-exclude off the page once it has left the block out of the index.
SHOWN = re.compile(r'<(?:p|details) class="torch-versions"[^>]*>(?:\s*<summary>)?([^<]*)<')


def load_tool():
    spec = importlib.util.spec_from_file_location("matrix_tool", ROOT / "tools" / "matrix.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def in_matrix() -> list[str]:
    return [path for path in all_snippets() if reason_not_in_matrix(path) is None]


def test_the_list_holds_the_newest_patch_of_every_minor_from_2_4_with_its_torchvision():
    listed = releases()
    minors = [int(r.minor.split(".")[1]) for r in listed]
    assert minors[0] == 4 and minors == list(range(4, 4 + len(minors))) and len(minors) >= 8, minors
    assert reference() in [r.torch for r in listed]
    launched = [r.torch for r in listed if r.launched]
    assert {listed[0].torch, listed[-1].torch, reference()} <= set(launched)
    for release, minor in zip(listed, minors, strict=True):
        if not release.note:  # torchvision 0.N pairs with torch 2.(N - 15); a release that lacks one says so
            assert release.torchvision.startswith(f"0.{minor + 15}."), release
        else:
            assert set(release.note) == set(LANGS), release


def test_a_release_the_matrix_ran_has_a_result_for_every_file_it_should_run():
    """A release is run whole or not yet (an interrupted `make matrix` resumes): among the files with current
    results, each release has results for all the files it runs (plain ones everywhere, torchrun ones on
    `launched` releases) or for none."""
    for release in releases():
        should = [p for p in in_matrix() if outcomes(p) is not None and _matrix.runs_on(p, release)]
        ran = [p for p in should if outcomes(p)[release]["result"] != "not run"]
        if release.torch != reference():
            assert len(ran) in (0, len(should)), f"torch {release.torch}: {len(ran)} of {len(should)} ran"
        extra = [p for p in in_matrix() if outcomes(p) is not None and not _matrix.runs_on(p, release)]
        extra = [
            p for p in extra if release.torch != reference() and outcomes(p)[release]["result"] != "not run"
        ]
        assert not extra, f"torch {release.torch} ran files it should not: {extra[:3]}"


def test_the_data_has_current_results_for_most_files():
    """A file edited after the last `make matrix` shows as not yet checked (the test below); the data as a
    whole must still be the matrix's, not an empty or abandoned file."""
    current = [path for path in in_matrix() if outcomes(path) is not None]
    assert len(current) >= 0.8 * len(in_matrix()), f"{len(current)} of {len(in_matrix())}: run `make matrix`"


def shown_on(site, lang: str, page: str) -> list[str]:
    stem = page.removesuffix(".md")
    built = site / LANG_PREFIX[lang] / ("index.html" if stem == "index" else f"{stem}/index.html")
    return [html.unescape(text).strip() for text in SHOWN.findall(built.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("lang", LANGS)
def test_every_code_block_shows_the_line_the_data_gives(built_site, lang):
    for page in doc_pages(lang):
        text = (DOCS / lang / page).read_text(encoding="utf-8")
        expected = [block_line(m["path"], lang, TEXTS[lang])[0] for m in SNIPPET_FENCE.finditer(text)]
        assert shown_on(built_site, lang, page) == expected, f"docs/{lang}/{page}"


def test_a_file_edited_since_its_matrix_run_is_shown_as_not_yet_checked(monkeypatch):
    path = next(p for p in in_matrix() if outcomes(p) is not None)
    assert runs_from(path) is None or isinstance(runs_from(path), str)
    monkeypatch.setattr(_matrix, "content_hash", lambda path: "edited")
    for lang in LANGS:
        summary, details = block_line(path, lang, TEXTS[lang])
        assert summary == TEXTS[lang]["matrix"]["unchecked"].format(torch=reference()) and details == []
    assert outcomes(path) is None and runs_from(path) is None


def test_the_line_reads_the_results(monkeypatch):
    """On made-up results: fails on the two oldest, another output on the third, the same output after."""
    listed = releases()
    path = "snippets/tensors/creation.py"
    runs = {r.torch: {"result": "same"} for r in listed if r.torch != reference()}
    runs[listed[0].torch] = runs[listed[1].torch] = {"result": "fails", "detail": "AttributeError: no `x`"}
    runs[listed[2].torch] = {"result": "differs", "detail": "-a\n+b"}
    data = {"reference": reference(), "snippets": {path: {"hash": _matrix.content_hash(path), "runs": runs}}}
    monkeypatch.setattr(_matrix, "results", lambda: data)
    old, third, newest = listed[1].minor, listed[2].minor, listed[-1].minor
    summary, details = block_line(path, "en", TEXTS["en"])
    assert summary == (
        f"Runs on torch {third}–{newest} · fails on 2.4–{old}"
        f" · the same output as this page on {listed[3].minor}–{newest}"
    )
    oldest = f"torch {listed[0].torch} (torchvision {listed[0].torchvision})"
    assert details[0] == f"- ✗ {oldest} · fails: `` AttributeError: no `x` ``"
    assert "    ```diff" in details and "    -a" in details and "    +b" in details
    assert runs_from(path) == third
    zh, _ = block_line(path, "zh", TEXTS["zh"])
    same = f"{listed[3].minor}–{newest}"
    assert zh == f"在 torch {third}–{newest} 上能运行；在 2.4–{old} 上报错；{same} 的输出和本页相同"


@pytest.mark.parametrize("lang", LANGS)
def test_each_file_that_fails_on_an_older_torch_says_so_where_it_is_taught(built_site, lang):
    """The page that includes such a file states the release it runs from with <!-- runs-from:path -->,
    which the build fills in from the data (an older torch reader learns why it fails and what to use)."""
    sources = {page: (DOCS / lang / page).read_text(encoding="utf-8") for page in doc_pages(lang)}
    for path in in_matrix():
        if runs_from(path) is None:
            continue
        pages = [page for page, text in sources.items() if f'--8<-- "{path}' in text]
        claimed = [page for page in pages if f"<!-- runs-from:{path} -->" in sources[page]]
        assert claimed, (
            f"{path} fails before torch {runs_from(path)}: say so on {pages} with <!-- runs-from:{path} -->"
        )
    for page in doc_pages(lang):
        stem = page.removesuffix(".md")
        built = built_site / LANG_PREFIX[lang] / ("index.html" if stem == "index" else f"{stem}/index.html")
        assert "runs-from:" not in built.read_text(encoding="utf-8"), f"docs/{lang}/{page}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_report_shows_the_matrix_and_the_home_page_the_counts(built_site, lang):
    report = (built_site / LANG_PREFIX[lang] / "report" / "index.html").read_text(encoding="utf-8")
    head = "".join(f"<th[^>]*>{re.escape(r.minor)}</th>\\s*" for r in releases())
    assert len(re.findall(head, report)) == len({p.split("/")[1] for p in all_snippets()})
    home = (built_site / LANG_PREFIX[lang] / "index.html").read_text(encoding="utf-8")
    count = TEXTS[lang]["matrix"]["count"]
    for release in releases():
        assert re.search(re.escape(count.split("{ran}")[0].format(version=release.minor)) + r"\d+", home)


def test_the_tool_keeps_the_first_error_line_and_masks_measured_values(tmp_path):
    tool = load_tool()
    error = (
        "snippets/x.py failed (exit 1):\n[rank0]: Traceback (most recent call last):\n[rank0]:   File ...\n"
        "[rank0]: AttributeError: module 'torch' has no attribute 'accelerator'\n====\nRoot Cause\n"
    )
    assert tool.first_error_line(error) == "AttributeError: module 'torch' has no attribute 'accelerator'"
    assert tool.first_error_line("killed\n") == "killed"
    crashed = (
        "snippets/x.py failed (exit -11):\nstep 1\n"
        "W1206 03:18:25.541000 17779 torch/utils/cpp_extension.py:118] No CUDA runtime is found\n"
    )
    assert tool.first_error_line(crashed) == "snippets/x.py failed (exit -11): … step 1"
    dotted = (
        "snippets/x.py failed (exit 1):\n"
        "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
    )
    assert tool.first_error_line(dotted) == "BackendCompilerFailed: backend='inductor' raised:"
    aborted = (
        "snippets/x.py failed (exit 1):\nstep 9\nterminate called without an active exception\n"
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n=====\n"
    )
    assert tool.first_error_line(aborted).startswith("terminate called without an active exception (a rank")
    venv = tool.WORK / "venv"
    path = next(p for p in all_snippets() if read_spec(p).measured)
    shown = "line\n"
    assert tool.compare(path, "line\n", shown, venv) == {"result": "same"}
    differs = tool.compare(path, "other\n", shown, venv)
    assert differs["result"] == "differs" and "-line" in differs["detail"] and "+other" in differs["detail"]


def test_the_tool_writes_no_folder_of_this_machine_into_the_data():
    tool = load_tool()
    warning = (
        f"[rank0] {sys.base_prefix}/lib/python3.11/tempfile.py:895: ResourceWarning: Implicitly cleaning up"
        " <TemporaryDirectory '/tmp/tmpjdv6uvci'>"
    )
    assert tool.without_machine_paths(warning) == (
        "[rank0] <python>/lib/python3.11/tempfile.py:895: ResourceWarning: Implicitly cleaning up"
        " <TemporaryDirectory '<tmp>'>"
    )


def test_the_tool_installs_what_the_snippets_import():
    """EXTRAS holds every third-party package a file in the matrix imports (besides torch and torchvision)."""
    tool = load_tool()
    names = {"sklearn": "scikit-learn", "PIL": "pillow", "IPython": "ipython"}
    local = {p.split("/")[-1].removesuffix(".py") for p in all_snippets()}
    needed = set()
    for path in in_matrix():
        for module in re.findall(r"^\s*(?:import|from) ([A-Za-z_]+)", (ROOT / path).read_text(), re.M):
            if module in ("torch", "torchvision") or module in local or module.startswith("_"):
                continue
            spec = importlib.util.find_spec(module)
            if spec is None or "site-packages" not in (spec.origin or ""):
                continue  # the standard library
            needed.add(names.get(module, module))
    assert needed <= set(tool.EXTRAS), needed - set(tool.EXTRAS)


def test_a_release_is_resolved_once_and_installed_from_the_wheel_folder(tmp_path, monkeypatch):
    """tools/matrix.py resolves a release's files with pip once, keeps the list beside the wheels, fetches
    only what the folder lacks, and asks nothing of pip again while every listed file is there."""
    tool = load_tool()
    release = next(r for r in releases() if r.torch != reference())
    monkeypatch.setattr(tool, "WORK", tmp_path / "work")
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    (wheels / "numpy-2.0-x.whl").write_bytes(b"kept")
    calls = []

    def fake_pip(python, command, *args, env=None):
        calls.append(command)
        if command == "install":  # the dry run: its report names every file, one already in the folder
            report = args[args.index("--report") + 1]
            urls = ["https://example.invalid/a/torch-9-x.whl", f"file://{wheels}/numpy-2.0-x.whl"]
            items = [{"download_info": {"url": url}} for url in urls]
            Path(report).write_text(json.dumps({"install": items}))
        else:
            assert command == "download" and args[-1] == "https://example.invalid/a/torch-9-x.whl", args
            (wheels / "torch-9-x.whl").write_bytes(b"fetched")

    monkeypatch.setattr(tool, "pip", fake_pip)
    files = tool.release_files(release, wheels)
    assert [f.name for f in files] == ["torch-9-x.whl", "numpy-2.0-x.whl"]
    assert calls == ["install", "download"]
    assert len(list(wheels.glob(f"torch-{release.torch}-*.txt"))) == 1
    assert tool.release_files(release, wheels) == files and calls == ["install", "download"]
    (wheels / "torch-9-x.whl").unlink()  # deleted by hand: resolved and fetched again
    assert tool.release_files(release, wheels) == files and calls == ["install", "download"] * 2
