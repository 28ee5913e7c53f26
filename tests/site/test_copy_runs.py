"""Copy means copy: a reader who copies a block of any page into an empty folder and runs it the way its
header says gets what the page shows.

- Every page, every whole-file include: the file imports nothing from this repository (no sibling module,
  no `snippets.` or `docs_runner` import, no relative import) and does not look for files beside itself
  (`__file__`), except the lesson files it declares with `# beside:`; the page shows each of those whole,
  above it, so a reader has saved them already; a `:section` excerpt says it is one in its title and is not
  offered as a whole file.
- `exhaustive` (make test-all): each of those snippets, copied alone into an empty folder, runs as its header
  says (python, torchrun, horovodrun, with its `# server:` started first) with none of the repository on the
  path, and prints what the build's run printed (measured values aside). Only `# needs: cuda` files are
  skipped, and only where there is no GPU. Its `# beside:` files are copied with it. (The whole programs
  under examples/ take command-line options the page gives; tests/examples/ runs them with tiny settings.)
"""

from __future__ import annotations

import ast
import dataclasses
import importlib.util
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from _comments import translated_file
from _includes import INCLUDE_FENCE

from docs_runner.errors import SnippetError
from docs_runner.launchers import retry_exit_abort, run_launched
from docs_runner.machine import detect_device
from docs_runner.procs import snippet_server
from docs_runner.records import normalise
from docs_runner.spec import headers, read_spec
from tests.conftest import ROOT
from tests.site.pages import DOCS, LANGS, doc_pages
from tests.site.passes import pass_key, passed_before, remember_pass

EXCERPT = {"zh": "节选", "en": "excerpt"}
CPP_LOG_TIME = r"\b[EWIF]\d{4} \d\d:\d\d:\d\d\.\d+"  # glog's E1204 17:53:08.491206305


def fences(lang: str) -> list[tuple[str, str, str, str | None]]:
    """(page, fence title, path, section) of every include fence of one language."""
    out = []
    for page in doc_pages(lang):
        for m in INCLUDE_FENCE.finditer((DOCS / lang / page).read_text(encoding="utf-8")):
            title = re.search(r'title="([^"]*)"', m["open"])
            out.append((page, title[1] if title else "", m["path"], m["section"]))
    return out


WHOLE_FILES = sorted(
    {path for page, _, path, section in fences("zh") if section is None and path.endswith(".py")}
)


def repository_imports(path: str) -> list[str]:
    """What a copy lacks: imports that resolve inside the repository, relative imports, __file__; a lesson
    file declared `# beside:` is not lacking (the page shows it above: test_the_files_beside_come_first)."""
    source = (ROOT / path).read_text(encoding="utf-8")
    beside = headers(path, source).get("beside", [])
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                found.append(f"line {node.lineno}: relative import")
                continue
            names = [node.module]
        elif isinstance(node, ast.Name) and node.id == "__file__" and not beside:
            found.append(f"line {node.lineno}: __file__ (a copied file has nothing beside it)")
        for name in names:
            top = name.split(".")[0]
            if f"{top}.py" in beside:
                continue
            if (ROOT / path).with_name(f"{top}.py").exists():
                found.append(f"line {node.lineno}: imports {top}, a file beside it")
                continue
            spec = importlib.util.find_spec(top)
            origin = Path(spec.origin).resolve() if spec and spec.has_location and spec.origin else None
            if origin and ROOT in origin.parents and ".venv" not in origin.parts:
                found.append(f"line {node.lineno}: imports {top} from the repository ({origin})")
    return found


@pytest.mark.parametrize("path", WHOLE_FILES)
def test_a_copied_file_needs_nothing_from_the_repository(path):
    found = repository_imports(path)
    assert not found, f"{path} cannot be copied and run alone:\n" + "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_the_files_beside_come_first(lang):
    """A file that needs others beside it (`# beside:`) comes after them: each is shown whole above it on its
    page, or on an earlier page of the course that this page links to (the capstone's train.py, which a reader
    saved there, for the AMP and compile chapters)."""
    from tests.site.test_course_path import nav

    earlier: dict[str, str] = {}  # a file shown whole -> the first page (in nav order) that shows it
    wrong = []
    for page in nav():
        if not (DOCS / lang / page).is_file():  # a notebook page: its source lives under examples/
            continue
        text = (DOCS / lang / page).read_text(encoding="utf-8")
        shown = []
        for m in INCLUDE_FENCE.finditer(text):
            if m["section"] is not None or not m["path"].endswith(".py"):
                continue
            for needed in read_spec(m["path"]).beside:
                where = earlier.get(needed)
                link = rf"\]\((?:\.\./)*{re.escape(where or '')}(?:#[^)]*)?\)"  # a Markdown link to it
                linked = where is not None and re.search(link, text)
                if needed not in shown and not linked:
                    wrong.append(
                        f"docs/{lang}/{page}: {m['path']} needs {needed}, not shown whole above it"
                        + (f" nor linked ({where} shows it)" if where else "")
                    )
            shown.append(m["path"])
            earlier.setdefault(m["path"], page)
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGS)
def test_an_excerpt_says_it_is_one(lang):
    wrong = [
        f"docs/{lang}/{page}: {path}:{section} shown under the title {title!r}"
        for page, title, path, section in fences(lang)
        if section is not None and EXCERPT[lang] not in title
    ]
    assert not wrong, f"a `:section` include must say '{EXCERPT[lang]}' in its title:\n" + "\n".join(wrong)


def test_the_rule_sees_what_a_copy_lacks(tmp_path, monkeypatch):
    import tests.site.test_copy_runs as module

    (tmp_path / "snippets" / "t").mkdir(parents=True)
    (tmp_path / "snippets" / "t" / "_helper.py").write_text("X = 1\n")
    (tmp_path / "snippets" / "t" / "a.py").write_text(
        "import torch\nimport _helper\nfrom . import b\nprint(open(__file__).read())\n"
    )
    (tmp_path / "snippets" / "t" / "c.py").write_text("# beside: d.py\nimport d\nimport e\nprint(__file__)\n")
    for name in ("d.py", "e.py"):
        (tmp_path / "snippets" / "t" / name).write_text("X = 1\n")
    monkeypatch.setattr(module, "ROOT", tmp_path)
    found = repository_imports("snippets/t/a.py")
    assert found == [
        "line 2: imports _helper, a file beside it",
        "line 3: relative import",
        "line 4: __file__ (a copied file has nothing beside it)",
    ]
    assert repository_imports("snippets/t/c.py") == ["line 3: imports e, a file beside it"]  # d is declared


def reader_env(device: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DOCS_RUN")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONHASHSEED"] = "0"
    # The page's outputs come from one thread (docs_runner/policy.py): with more, a reduction may add in
    # another order and a last digit moves (check_install prints the count; the capstone's and the DDP
    # script's curves differed in the 4th digit on two threads).
    env["OMP_NUM_THREADS"] = "1"
    if device != "cuda":
        env["CUDA_VISIBLE_DEVICES"] = ""
    return env


def remove_all_but(folder: Path, kept: set[str]) -> None:
    """What an earlier try wrote into the folder (a checkpoint from a run that aborted at exit) goes."""
    for entry in folder.iterdir():
        if entry.name in kept:
            continue
        if entry.is_dir():
            shutil.rmtree(entry)
        else:
            entry.unlink()


# A program that reads its own docstrings or source prints what differs between the languages' copies.
READS_ITS_OWN_TEXT = re.compile(r"__doc__|\bhelp\(|\binspect\.|getsource|getdoc")
# A traceback names source lines, and a translated comment may take more or fewer lines than the English.
NAMES_SOURCE_LINES = re.compile(r'File "[^"]+", line \d+')


def program(source: str) -> str:
    """The code itself: its syntax tree without comments (the parser drops them) and with every docstring
    emptied. Two copies with the same program run alike, whatever their comments and docstrings say."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and node.body:
            first = node.body[0]
            is_docstring = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            if is_docstring and isinstance(first.value.value, str):
                first.value.value = ""
    return ast.dump(tree)


@pytest.mark.exhaustive
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", [p for p in WHOLE_FILES if p.startswith("snippets/")])
def test_a_file_copied_into_an_empty_folder_runs_and_prints_what_the_page_shows(
    build_record, tmp_path, path, lang
):
    """In each language: a Chinese page shows the file with Chinese comments and docstrings, and that text is
    what its copy button copies. The English copy runs. A Chinese copy whose program is the English copy's
    (only comments and docstrings differ, and it reads neither) is checked to be that program, which the
    English case runs; any other Chinese copy runs too (one that reads its own text, or whose output names
    source lines). This halves the slowest check of `make test-all`."""
    spec = read_spec(path)
    device = detect_device()
    if spec.needs_cuda and device != "cuda":
        pytest.skip("# needs: cuda, and this machine has no GPU")
    copies = {shown: translated_file(shown, lang) for shown in (path, *spec.beside)}
    record = build_record(path.removeprefix("snippets/").removesuffix(".py"))
    reads_itself = any(READS_ITS_OWN_TEXT.search(text) for text in copies.values())
    if lang != "en" and not reads_itself and not NAMES_SOURCE_LINES.search(record.output):
        for shown, text in copies.items():
            english = translated_file(shown, "en")
            assert program(text) == program(english), f"{shown}: the {lang} copy is not the English program"
        return
    inputs = [Path(__file__).read_text(encoding="utf-8"), path, lang, record.output]
    for shown, text in copies.items():
        inputs += [shown, text]
    key = pass_key("copy-run", *inputs)
    if passed_before(key):  # tests/site/passes.py: this very check passed on these very inputs
        return
    folder = tmp_path / "empty"
    folder.mkdir()
    copied = folder / Path(path).name
    for shown, text in copies.items():  # the files beside it saved in the same folder, as the page says
        (folder / Path(shown).name).write_text(text, encoding="utf-8")
    argv = tuple(str(copied) if a == path else a for a in spec.argv)  # torchrun/horovodrun: from the venv
    alone = dataclasses.replace(spec, path=str(copied), argv=argv)
    env = reader_env(device)
    names = {Path(shown).name for shown in copies}
    tries = []
    with snippet_server(path, spec.server, folder, tmp_path / "server.log", env) as server_env:

        def attempt():  # each try logs into its own folder
            if tries:  # a retry starts from the copied files alone, as the engine's retry starts a new folder
                remove_all_but(folder, names)
            tries.append(len(tries) + 1)
            logs = Path(tempfile.mkdtemp(dir=tmp_path))
            code, output = run_launched(alone, logs, folder, dict(env, **server_env))
            if code != 0:  # as the engine does, so that a file which starts torchrun itself is retried too
                raise SnippetError(f"{path}, copied alone, exited with {code}:\n{output[-3000:]}")
            return output

        # The build's retry of the known gloo abort at interpreter exit (README, Decisions).
        output = retry_exit_abort(path, attempt)
    measured = (*spec.measured, CPP_LOG_TIME, r"pid \d+|PID \d+")  # torch's C++ log lines carry time and pid
    got = normalise(output.replace(str(copied), path), measured)
    expected = normalise(record.output, measured)
    if lang != "en":  # a traceback quotes source lines, with their comments in the page's language
        got, expected = (re.sub(r"  # .*$", "", text, flags=re.M) for text in (got, expected))
    assert got == expected, f"{path}, copied alone, printed something else"
    remember_pass(key, f"{path} copied alone ({lang})")


def test_the_program_of_a_copy_ignores_comments_and_docstrings_and_nothing_else():
    base = 'def f():\n    """Adds one."""\n    return 1  # one\n\n\nprint(f())\n'
    translated = 'def f():\n    """加一。"""\n    return 1  # 一\n\n\nprint(f())\n'
    assert program(base) == program(translated)
    assert program(base) != program(base.replace("return 1", "return 2"))
    assert program(base) != program(base.replace("print(f())", "print(f(), f.__name__)"))
