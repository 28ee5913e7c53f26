"""Every chapter's notebook runs top to bottom in a fresh Jupyter kernel and prints what its page shows.

Each notebook (hooks/chapter_notebooks.py) runs in a kernel of its own (nbclient, ipykernel), started in an
empty folder with the environment the build gives every run (docs_runner.policy.child_env: hash seed, one
thread, the device, the warning policy of fresh interpreters), cell after cell in one namespace as a reader's
"Run all" would. Each code cell's printed output must equal the cell's stored output, which
test_chapter_notebooks.py holds equal to the page's, with the values the file declares `# measured:` masked
(tests/conftest.py `comparable`); a figure the cell draws must be the page's bytes (unless measured).

Not run in the kernel, and checked against the page instead (test_chapter_notebooks.py checks them too):
the `!torchrun …`/`!horovodrun …` cell of a launched file (the build's output of it is every rank's, rank by
rank, which a terminal would interleave; its `%%writefile` cell does run), the code cell of a `# server:`
file (it needs that server), and a `# needs: cuda` file where there is no GPU.

`make test` runs one notebook per part of the nav (QUICK: the Chinese notebook of the chapter whose kernel
run costs least, among those that run a snippet in the kernel; a test checks the choice against the build's
records); `make test-all` runs every chapter's notebook in one language and proves its twin in the other the
same program (twin_runs_alike), as test_copy_runs.py does for the files: the Chinese one where `make test`
runs it, the English one elsewhere. A twin whose cells read their own text or whose outputs quote source
lines (a traceback, with line numbers a longer translated comment would move) runs too.
"""

from __future__ import annotations

import ast
import base64
import re
import subprocess
from collections import Counter
from pathlib import Path

import nbformat
import pytest
from IPython.core.inputtransformer2 import TransformerManager
from nbclient import NotebookClient

from docs_runner.machine import detect_device
from docs_runner.policy import child_env
from docs_runner.spec import headers, read_spec
from tests.conftest import comparable, cuda_available
from tests.site.passes import pass_key, passed_before, remember_pass
from tests.site.test_chapter_notebooks import (
    CHAPTERS,
    LANGS,
    PARTS,
    earlier_file,
    read_notebook,
    shown_blocks,
)
from tests.site.test_copy_runs import CPP_LOG_TIME, NAMES_SOURCE_LINES, READS_ITS_OWN_TEXT, program

# The cheapest chapter of each part (the nav's parts but the appendix), by the seconds its in-kernel snippets
# took in the build; test_the_quick_notebooks_are_the_cheapest_of_their_parts keeps this true.
QUOTED_COMMENT = re.compile(r"  # .*$", re.M)  # test_copy_runs.py's rule for the other languages
LOG_LINE = re.compile(r"^(?:[A-Z]+:)?<measured>")  # a C++ log line, its time and place masked
LOCAL_TAG = re.compile(r"\+[\w.]+$", re.M)
QUICK = ("intro.md", "modes.md", "memory.md", "distributed-more.md", "horovod.md")


def kernel_cells(nb, blocks) -> list[tuple[int, str | None, str]]:
    """(cell index, file or None for the setup cell, what to do: "run" or why it is checked, not run)."""
    plan = [(0, None, "run")]
    code = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"][1:]
    k = 0
    cells = [nb.cells[i] for i in code]
    for path, _, _ in blocks:
        spec = read_spec(path)
        while earlier_file(cells, k):  # a file an earlier chapter showed, written for the file that needs it
            plan.append((code[k], path, "write"))
            k += 1
        if nb.cells[code[k]].source.startswith("%%writefile "):
            plan.append((code[k], path, "write"))
            k += 1
        if spec.launcher != "python":
            plan.append((code[k], path, "launched"))
        elif spec.server:
            plan.append((code[k], path, "server"))
        elif spec.needs_cuda and not cuda_available():
            plan.append((code[k], path, "cuda"))
        else:
            plan.append((code[k], path, "run"))
        k += 1
    assert k == len(code), "cells left over"
    return plan


def printed(outputs) -> str:
    return "".join(o.text for o in outputs if o.output_type == "stream")


def by_stream(outputs) -> list[str]:
    """The text of each stream (stdout, stderr) a cell printed."""
    texts: dict[str, str] = {}
    for o in outputs:
        if o.output_type == "stream":
            texts[o.name] = texts.get(o.name, "") + o.text
    return list(texts.values())


def in_order(lines: list[str], within: list[str]) -> bool:
    """Whether `lines` occur in `within` in the same order (not necessarily next to each other)."""
    rest = iter(within)
    return all(any(line == other for other in rest) for line in lines)


def figures(outputs) -> list[bytes]:
    return sorted(base64.b64decode(o.data["image/png"]) for o in outputs if o.output_type == "display_data")


def run_notebook(built_site, lang: str, page: str, tmp_path) -> None:
    nb = read_notebook(built_site, lang, page)
    blocks = shown_blocks(built_site, lang, page)
    expected = {i: (list(c.outputs) if c.cell_type == "code" else None) for i, c in enumerate(nb.cells)}
    plan = kernel_cells(nb, blocks)
    shown = {path: code for path, code, _ in blocks}
    work = tmp_path / "work"
    work.mkdir()
    # What C++ code writes to the process's file descriptors (torch's profiler logs) does not pass through
    # Python's sys.stdout: ipykernel forwards it from a thread of its own, and it could reach the client
    # after the cell's reply, or not at all. So the kernel writes it to a file, and each cell's share of it
    # (what the file grew by while the cell ran) counts as what that cell printed, in a stream of its own.
    client = NotebookClient(
        nb,
        kernel_name="python3",
        timeout=600,
        resources={"metadata": {"path": str(work)}},
        extra_arguments=["--IPKernelApp.capture_fd_output=False"],
    )
    log = tmp_path / "kernel-fds.log"
    ran, seen = 0, set()  # seen: every line (masked) the kernel printed so far
    env = child_env(detect_device())
    with (
        log.open("wb") as fds,
        client.setup_kernel(env=env, cwd=str(work), stdout=fds, stderr=subprocess.STDOUT),
    ):
        for index, path, what in plan:
            cell = nb.cells[index]
            where = f"{lang}/{page} cell {index} ({path or 'setup'})"
            if what == "launched":  # the page's command, character for character
                assert cell.source == f"!{headers(path, shown[path])['run'][0]}", where
                continue
            if what in ("server", "cuda"):
                assert cell.source == shown[path].rstrip("\n"), where
                continue
            before = log.stat().st_size
            client.execute_cell(cell, index)
            with log.open("rb") as written:
                written.seek(before)
                from_fds = written.read().decode("utf-8")
            ran += 1
            measured = read_spec(path).measured if path else ()
            measured = (*measured, CPP_LOG_TIME, r"pid \d+|PID \d+")  # as test_copy_runs: C++ log lines
            want = comparable(printed(expected[index]), measured)
            streams = [comparable(t, measured) for t in [*by_stream(cell.outputs), from_fds] if t]
            if lang != "en":  # a traceback quotes source lines, with their comments in the page's language
                want, streams = QUOTED_COMMENT.sub("", want), [QUOTED_COMMENT.sub("", t) for t in streams]
            if path is None:  # the setup cell: this runtime's torch may carry its build's tag (2.14.1+cu130)
                streams = [LOCAL_TAG.sub("", t) for t in streams]
            want, streams = want.splitlines(), [t.splitlines() for t in streams]
            # A terminal interleaves stdout and stderr (what the build recorded); Jupyter shows each stream
            # as an output of its own. So: the same lines, and each stream's lines in the page's order.
            got = [line for lines in streams for line in lines]
            # A C++ log line torch prints once per process (the profiler's "gpuGetDeviceCount failed") comes
            # under the first cell that triggers it: a later cell may lack it if an earlier cell printed it.
            missing = Counter(want) - Counter(got)
            once = all(line in seen and LOG_LINE.match(line) for line in missing)
            printed_here = "\n".join(got[-40:])
            assert once, f"{where} lacks {sorted(missing)}; the cell printed:\n{printed_here}"
            kept = []
            for line in want:
                if missing[line] > 0:  # printed by an earlier cell, once for the process
                    missing[line] -= 1
                else:
                    kept.append(line)
            want = kept
            assert sorted(got) == sorted(want), f"{where} printed otherwise:\n{streams}\nthe page:\n{want}"
            seen.update(got)
            for lines in streams:
                assert in_order(lines, want), f"{where} printed its lines in another order"
            if what == "run" and path and not read_spec(path).measured:
                drawn = sorted((work / name).read_bytes() for name in read_spec(path).figures)
                assert drawn == figures(expected[index]), f"{where} drew other bytes than the page shows"
    runs = sum(1 for _, _, what in plan if what in ("run", "write"))
    assert ran == runs, f"{lang}/{page}: {ran} cells ran of {runs}"


def cell_program(source: str) -> str:
    """What a cell runs, comments and docstrings aside: a shell line as it is, a `%%writefile` cell's name and
    the program it writes, any other cell's program after IPython rewrites its magics (or its source)."""
    if source.startswith("!"):
        return source
    first, _, body = source.partition("\n")
    if first.startswith("%%writefile "):
        return first + "\n" + cell_program(body)
    try:  # IPython's own rewrite of line magics and shell lines (the setup cell's `%pip`) into Python
        return program(TransformerManager().transform_cell(source))
    except SyntaxError:
        return source


def setup_program(source: str) -> str:
    """The setup cell's program with the labels it prints left out: the one cell whose strings a page
    translates (its packages and versions are the same in both languages, and stay in)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    arg.value = ""
    return program(ast.unparse(tree))


def twin_runs_alike(built_site, lang: str, twin: str, page: str) -> bool:
    """Whether the notebook of `lang` runs as its `twin` does: the same programs in the same code cells (the
    setup cell's printed labels aside), the same stored outputs, and nothing that reads its own text or quotes
    source lines."""
    cells = [c for c in read_notebook(built_site, lang, page).cells if c.cell_type == "code"]
    twins = [c for c in read_notebook(built_site, twin, page).cells if c.cell_type == "code"]
    if len(cells) != len(twins):
        return False
    if setup_program(cells[0].source) != setup_program(twins[0].source):
        return False
    for cell, other in zip(cells[1:], twins[1:], strict=True):
        if READS_ITS_OWN_TEXT.search(cell.source) or NAMES_SOURCE_LINES.search(printed(cell.outputs)):
            return False
        if cell_program(cell.source) != cell_program(other.source):
            return False
        if printed(cell.outputs) != printed(other.outputs) or figures(cell.outputs) != figures(other.outputs):
            return False
    return True


def _marks(lang: str, page: str):
    return () if (lang == "zh" and page in QUICK) else (pytest.mark.exhaustive,)


@pytest.mark.parametrize(
    ("lang", "page"),
    [pytest.param(lang, page, marks=_marks(lang, page)) for lang in LANGS for page in CHAPTERS],
)
def test_a_notebook_runs_in_a_fresh_kernel_and_prints_what_the_page_shows(built_site, lang, page, tmp_path):
    twin = "en" if lang == "zh" else "zh"
    twin_runs = (page in QUICK) == (lang == "en")  # Chinese where `make test` runs it, else English
    if twin_runs and twin_runs_alike(built_site, lang, twin, page):
        return  # the twin's test runs this very program and checks these very outputs
    notebook = read_notebook(built_site, lang, page)
    key = pass_key(
        "notebook-run", Path(__file__).read_text(encoding="utf-8"), lang, page, nbformat.writes(notebook)
    )
    if passed_before(key):  # tests/site/passes.py: this very check passed on this very notebook
        return
    run_notebook(built_site, lang, page, tmp_path)
    remember_pass(key, f"{lang}/{page} notebook in a fresh kernel")


def test_a_cells_program_ignores_comments_and_docstrings_and_nothing_else():
    base = '%%writefile f.py\n"""Adds."""\nprint(1)  # one\n'
    assert cell_program(base) == cell_program(base.replace("# one", "# 一").replace("Adds.", "加。"))
    assert cell_program(base) != cell_program(base.replace("f.py", "g.py"))
    assert cell_program(base) != cell_program(base.replace("print(1)", "print(2)"))
    assert cell_program("!torchrun a.py") != cell_program("!torchrun b.py")
    setup = 'PINNED = {"tqdm": "tqdm==4.67.1"}\nprint("torch here:", "2.14.1")\n'
    assert setup_program(setup) == setup_program(setup.replace("torch here:", "这里的 torch："))
    assert setup_program(setup) != setup_program(setup.replace("4.67.1", "4.67.2"))
    assert cell_program("# one\n%pip install x\nimport x") == cell_program("# 一\n%pip install x\nimport x")
    assert cell_program("%pip install x\nimport x") != cell_program("%pip install y\nimport x")


def in_kernel(path: str) -> bool:
    spec = read_spec(path)
    return spec.launcher == "python" and not spec.server and not (spec.needs_cuda and not cuda_available())


def test_the_quick_notebooks_are_the_cheapest_of_their_parts(built_site, site_records):
    assert len(QUICK) == len(PARTS)
    for part in PARTS:
        costs = {}
        for page in part:
            if not page.endswith(".md"):
                continue
            here = [path for path, _, _ in shown_blocks(built_site, "zh", page) if in_kernel(path)]
            if here:
                costs[page] = sum(site_records[p].seconds for p in here)
        quick = [page for page in QUICK if page in part]
        assert len(quick) == 1, f"QUICK names {len(quick)} chapters of the part {part[0]}…"
        cheapest = min(costs.values())
        # Timings move a little from build to build: a chapter within a second of the cheapest will do.
        assert costs[quick[0]] <= cheapest + 1.0, f"{quick[0]}: {costs[quick[0]]:.2f} s, cheapest {costs}"
