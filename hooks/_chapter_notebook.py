"""A chapter page as a Jupyter notebook, in the page's language. Private helper of hooks/chapter_notebooks.py.

The page's prose becomes Markdown cells; each snippet it includes becomes a code cell showing what the page
shows (the file with its comments in the page's language: code_comments.shown_text) with the build's output
of that file as the cell's output (its record, or the GPU recording the page shows), and its figures as
images. How a file runs decides its cells, as the page's header lines tell a reader:

- plain (`python file`): one code cell, run in the notebook's kernel;
- a lesson file another include of the page declares `# beside:` (the capstone's train.py): a `%%writefile`
  cell, so the files after it can import it, then `%run` of it, which prints what the page shows; a
  `# beside:` file an earlier chapter showed (train.py again, for the AMP and compile chapters) gets a
  `%%writefile` cell of its own right before the first file that needs it (a notebook starts in an empty
  folder);
- a file that needs a process of its own (it compiles, uses mp.spawn, or looks for itself with `__file__` or
  `sys.argv`): a
  `%%writefile` cell, then `!python` of it, a fresh process as in the build (own_process);
- launched (`# run: torchrun …`, `horovodrun …`): a `%%writefile` cell at the path the command names, then a
  `!` cell with exactly the `# run:` line the page shows (its output: every rank's, as the page shows it);
- a server (`# server: …`): a Markdown cell saying what to start first, in a terminal, then the code cell.

The first cell sets up a hosted runtime (Colab): it installs, at the versions requirements.txt pins, the
packages the page's files import that the runtime lacks, creates the folders the launched files are written
to, and prints the runtime's torch next to the torch the page ran with.
Folded boxes (`??? tip "…"`) become a bold title over their unindented body; links to other pages become
links to the site; `![alt](figure.png)` lines go, since the figure is the output of the cell that drew it.
Includes the build does not run (an excerpt of examples/, a shell script) stay fenced code in the prose.
"""

from __future__ import annotations

import ast
import functools
import posixpath
import re
from importlib.metadata import packages_distributions

import nbformat
from _includes import INCLUDE_LINE, SNIPPET_FENCE

from docs_runner.paths import ROOT
from docs_runner.spec import headers, read_spec

ADMONITION = re.compile(r'^(?:\?\?\?\+?|!!!)[ \t]+(?P<kind>[\w-]+)(?:[ \t]+"(?P<title>[^"]*)")?[ \t]*$')
PAGE_LINK = re.compile(r"\]\((?P<target>[\w./-]+\.md)(?P<anchor>#[^)\s]*)?\)")
# What needs a process of its own: Dynamo (its caches, counters and log settings last as long as the process)
# and mp.spawn (its processes import the function they run from __main__, which in a kernel is no file).
OWN_PROCESS = re.compile(r"\btorch\.(?:compile|_dynamo|_logging)\b|\bmp\.spawn\(")
HOSTED_HAS = {"torch"}  # compared in the first cell, never installed: the runtime's own build fits its GPU
KERNEL = {"name": "python3", "display_name": "Python 3", "language": "python"}


def unfold(markdown: str) -> str:
    """Folded and plain boxes as a bold title over their body, one indentation level less per box."""
    out, bodies = [], []  # bodies: the indentation of each open box's body, in the original text
    for line in markdown.splitlines():
        width = len(line) - len(line.lstrip())
        if line.strip():
            while bodies and width < bodies[-1]:
                bodies.pop()
        cut = bodies[-1] if bodies else 0
        text = line[cut:] if line[:cut].strip() == "" else line.lstrip()
        if box := ADMONITION.match(text):
            out.append(f"**{box['title'] or box['kind'].capitalize()}**")
            bodies.append(width + 4)
            continue
        out.append(text)
    return "\n".join(out) + "\n"


def site_links(markdown: str, page_uri: str, url_of) -> str:
    """Links to other pages (`optim.md#…`) as links to the site; `url_of(src_uri)` -> absolute URL or None."""

    def link(m: re.Match) -> str:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(page_uri), m["target"]))
        url = url_of(target)
        return m[0] if url is None else f"]({url}{m['anchor'] or ''})"

    return PAGE_LINK.sub(link, markdown)


def imported_modules(paths: list[str]) -> set[str]:
    found = set()
    for path in paths:
        for node in ast.walk(ast.parse((ROOT / path).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module.split(".")[0])
    return found


@functools.cache
def _distributions() -> dict[str, list[str]]:
    return packages_distributions()  # reads every installed package's metadata: once per process


def requirements(paths: list[str], pins: dict[str, str]) -> dict[str, str]:
    """{module: "dist==version"}: each module the files import that requirements.txt pins, torch aside."""
    dists = _distributions()
    needed = {}
    for module in sorted(imported_modules(paths)):
        for dist in dists.get(module, []):
            name = dist.lower().replace("_", "-")
            if name in pins and module not in HOSTED_HAS:
                needed[module] = f"{dist}=={pins[name]}"
    return needed


def setup_source(words: dict, needed: dict[str, str], folders: list[str], torch: str) -> str:
    lines = [f"# {line}" for line in words["setup_comment"]]
    lines += ["import importlib.util", "import os", "import subprocess", "import sys", ""]
    lines.append(f"PINNED = {needed!r}  # {words['pinned_comment']}")
    lines += [
        "for module, requirement in PINNED.items():",
        "    if importlib.util.find_spec(module) is None:",
        '        pip = [sys.executable, "-m", "pip", "install", "--quiet", requirement]',
        "        subprocess.run(pip, check=True)",
    ]
    if folders:
        lines += [
            f"for folder in {folders!r}:  # {words['folders_comment']}",
            "    os.makedirs(folder, exist_ok=True)",
        ]
    lines += [
        "",
        "import torch",
        "",
        f'print("{words["torch_here"]}", torch.__version__)',
        f'print("{words["torch_page"]}", "{torch}")',
    ]
    return "\n".join(lines)


def stream(text: str) -> list[dict]:
    return [nbformat.v4.new_output("stream", name="stdout", text=text)] if text else []


def code(source: str, outputs: list[dict]) -> dict:
    return nbformat.v4.new_code_cell(source, outputs=outputs)


def chapter_cells(markdown: str, shown, shown_output, words: dict) -> tuple[list[dict], list[str]]:
    """The cells after the first (setup) cell, and the snippet files they show. `shown(path, section)` is
    what the page shows of a file; `shown_output(path)` -> (output text, {figure name: base64 PNG})."""
    snippets = [m["path"] for m in SNIPPET_FENCE.finditer(markdown)]
    beside = set()
    for path in snippets:
        beside |= {
            posixpath.join(posixpath.dirname(path), name)
            for name in headers(path, _read(path)).get("beside", [])
        }
    at_path = {needed for path in snippets if by_path(path) for needed in read_spec(path).beside}
    cells, prose_from, written = [], 0, set()

    def prose(text: str) -> None:
        text = INCLUDE_LINE.sub(
            lambda m: _indented(m["indent"], shown(m["path"], m["section"])), text
        ).strip()
        if text:
            cells.append(nbformat.v4.new_markdown_cell(text))

    for m in SNIPPET_FENCE.finditer(markdown):
        prose(markdown[prose_from : m.start()])
        prose_from = m.end()
        path, spec = m["path"], read_spec(m["path"])
        source = shown(path, None).rstrip("\n")
        output, figures = shown_output(path)
        outputs = stream(output) + [
            nbformat.v4.new_output("display_data", data={"image/png": png}) for png in figures.values()
        ]
        name = posixpath.basename(path)
        for needed in spec.beside:  # saved in an earlier chapter (the capstone's train.py): written here too
            if needed not in written:
                target = needed if by_path(path) else posixpath.basename(needed)
                text = shown(needed, None).rstrip("\n")
                cells.append(code(f"%%writefile {target}\n{text}", stream(f"Writing {target}\n")))
                written.add(needed)
        written.add(path)
        if spec.launcher != "python":
            command = headers(path, _read(path))["run"][0]
            cells.append(code(f"%%writefile {path}\n{source}", stream(f"Writing {path}\n")))
            cells.append(code(f"!{command}", outputs))
        elif own_process(path):
            target = path if uses_file(path) else name
            cells.append(code(f"%%writefile {target}\n{source}", stream(f"Writing {target}\n")))
            cells.append(code(f"!python {target}", outputs))
        elif path in beside:  # where the files that need it look for it
            target = path if path in at_path else name
            cells.append(code(f"%%writefile {target}\n{source}", stream(f"Writing {target}\n")))
            cells.append(code(f"%run {target}", outputs))
        else:
            if spec.server:
                cells.append(
                    nbformat.v4.new_markdown_cell(f"{words['start_server']}\n\n```bash\n{spec.server}\n```")
                )
            cells.append(code(source, outputs))
    prose(markdown[prose_from:])
    return cells, snippets


def uses_file(path: str) -> bool:
    """Whether the file looks for itself (`__file__`, `sys.argv[0]`: what it has beside it, or itself to start
    again under torchrun), which a notebook cell cannot answer: the notebook writes it at its path."""
    for node in ast.walk(ast.parse(_read(path))):
        if isinstance(node, ast.Name) and node.id == "__file__":
            return True
        if isinstance(node, ast.Attribute) and node.attr == "argv":
            return True
    return False


def own_process(path: str) -> bool:
    """Whether the notebook runs the file in a process of its own (`!python file`), as the build does, instead
    of in the kernel: one that looks for itself (`__file__`, `sys.argv`, which a cell has not), one that
    compiles or sets torch's logging, since Dynamo's caches, counters and log settings last as long as the
    process (a kernel's earlier cell would change what a later one prints), and one that starts processes
    with mp.spawn, which import what they run from __main__."""
    return uses_file(path) or OWN_PROCESS.search(_read(path)) is not None


def by_path(path: str) -> bool:
    """Whether the notebook writes the file at its repository path: a launched file (its command names that
    path) or one that finds files beside itself; the files it needs `# beside:` go beside it there."""
    return read_spec(path).launcher != "python" or uses_file(path)


def launched_folders(snippets: list[str]) -> list[str]:
    """The folders of the files the notebook writes at their repository path (by_path, and their beside)."""
    return sorted({posixpath.dirname(p) for p in snippets if by_path(p)})


def notebook(cells: list[dict]) -> dict:
    nb = nbformat.v4.new_notebook(
        cells=cells, metadata={"kernelspec": KERNEL, "language_info": {"name": "python"}}
    )
    for i, cell in enumerate(nb.cells):
        cell.id = f"cell-{i}"  # stable ids: the same page gives the same bytes
        if cell.cell_type == "code":
            cell.execution_count = None
    return nb


def _read(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


def _indented(indent: str, text: str) -> str:
    return "\n".join(indent + line if line.strip() else "" for line in text.splitlines())
