"""MkDocs hook: the first mention of a torch API on a page links to its page in the official documentation.

A mention is an inline code span that is a dotted name (optionally followed by an empty `()`): `torch.zeros`,
`torch.nn.Linear`, `torch.optim.AdamW`, `Tensor.view`, or written with the usual import aliases, `nn.Linear`,
`F.relu`, `optim.SGD`, `dist.all_reduce`. `x.view()` or `torch.zeros(2, 3)` are code, not mentions. The name
is resolved in the installed torch (imported here): a name that does not resolve, or resolves to a plain
value (`torch.float16`), is left alone, so every link's target is derived from an object that exists,
deprecated ones (`torch.cuda.amp.GradScaler`) included. Only inline code in prose is linked: not in code
blocks, headings, link text, admonition titles or HTML comments. The text is otherwise unchanged; the same
API (the same object, whatever name it goes by) later on the page stays plain. Chapters only: the home page
and the appendix (errata, glossary, report) stay as they are (tests/site/test_errata.py allows the errata page
no links off the site).

tests/site/test_api_links.py imports every linked name and checks the rules against real addresses of the
documentation, kept there as a table; tests/site/static_links.py counts the links as external (never fetched).
What a name resolves to is kept in .cache/render/api-links-<key>.json (hooks/_memo.py; the key is the torch
version and this file), so a warm build links without importing torch (that import cost a warm build about
5 s).
"""

from __future__ import annotations

import importlib
import inspect
import re
import types
from functools import cache
from importlib import metadata
from pathlib import Path

from _memo import DiskMemo, digest

DOCS = "https://docs.pytorch.org/docs/stable/"
ALIASES = {
    "nn": "torch.nn",
    "F": "torch.nn.functional",
    "optim": "torch.optim",
    "dist": "torch.distributed",
    "Tensor": "torch.Tensor",
}
# Modules with a page of their own.
MODULE_PAGES = {
    "torch": "torch.html",
    "torch.nn": "nn.html",
    "torch.nn.functional": "nn.functional.html",
    "torch.nn.init": "nn.init.html",
    "torch.optim": "optim.html",
    "torch.autograd": "autograd.html",
    "torch.cuda": "cuda.html",
    "torch.amp": "amp.html",
    "torch.cuda.amp": "amp.html",
    "torch.backends": "backends.html",
    "torch.distributed": "distributed.html",
    "torch.distributed.checkpoint": "distributed.checkpoint.html",
    "torch.distributed.elastic": "distributed.elastic.html",
    "torch.distributed.fsdp": "fsdp.html",
    "torch.distributed.tensor": "distributed.tensor.html",
    "torch.utils.data": "data.html",
    "torch.utils.checkpoint": "checkpoint.html",
    "torch.utils.tensorboard": "tensorboard.html",
    "torch.multiprocessing": "multiprocessing.html",
    "torch.fx": "fx.html",
    "torch.func": "func.html",
    "torch.export": "export.html",
    "torch.compiler": "torch.compiler.html",
    "torch.profiler": "profiler.html",
    "torch.random": "random.html",
    "torch.linalg": "linalg.html",
    "torch.fft": "fft.html",
    "torch.special": "special.html",
    "torch.jit": "jit.html",
    "torch.onnx": "onnx.html",
    "torch.hub": "hub.html",
    "torch.testing": "testing.html",
}
# Packages documented on one page, each object under an anchor of its full name (no generated/ pages).
ANCHORED = {
    "torch.amp": "amp.html",
    "torch.cuda.amp": "amp.html",
    "torch.distributed": "distributed.html",
    "torch.distributed.checkpoint": "distributed.checkpoint.html",
    "torch.distributed.elastic": "distributed.elastic.html",
    "torch.distributed.fsdp": "fsdp.html",
    "torch.utils.data": "data.html",
    "torch.utils.checkpoint": "checkpoint.html",
    "torch.utils.tensorboard": "tensorboard.html",
    "torch.multiprocessing": "multiprocessing.html",
}
# Objects documented somewhere the rules below would not find.
EXACT = {
    "torch.autocast": "amp.html#torch.autocast",
    "torch.Tensor": "tensors.html",
    "torch.autograd.Function": "autograd.html#torch.autograd.Function",
    "torch.autograd.Variable": "autograd.html#variable-deprecated",
    # documented under the module that defines them, not the name programs import them by
    "torch.nn.Parameter": "generated/torch.nn.parameter.Parameter.html",
    "torch.utils.data.DistributedSampler": "data.html#torch.utils.data.distributed.DistributedSampler",
    "torch.utils.tensorboard.SummaryWriter": "tensorboard.html#torch.utils.tensorboard.writer.SummaryWriter",
}
# The legacy typed tensor classes (torch.FloatTensor, torch.cuda.LongTensor) are a table on the Tensor page.
LEGACY_TENSOR = re.compile(r"^torch(?:\.cuda)?\.[A-Z]\w*Tensor$")
# Classes whose methods have generated pages of their own (the others are anchors on the class's page).
METHOD_PAGES = ("torch.Tensor", "torch.optim.Optimizer")

NOT_CHAPTERS = {"index.md", "errata.md", "glossary.md", "report.md"}
MENTION = re.compile(r"^(?P<name>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+|torch)(?:\(\))?$")
INLINE_CODE = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\([^)]*\)")
FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
HEADING = re.compile(r"^#{1,6} |^[ \t]*(?:\?\?\?\+?|!!!) ")  # headings and admonition titles


def qualified(written: str) -> str | None:
    """The full dotted name a mention stands for (aliases expanded; a layer by its public name,
    torch.nn.modules.linear.Linear is torch.nn.Linear), or None if it names no torch API."""
    head, _, rest = written.partition(".")
    if head in ALIASES:
        return ALIASES[head] + ("." + rest if rest else "")
    if head != "torch" or not rest:
        return None
    if (m := re.match(r"torch\.nn\.modules(?:\.\w+)*\.(\w+)$", written)) and resolve(
        public := f"torch.nn.{m[1]}"
    ) is resolve(written):
        return public
    return written


@cache
def resolve(name: str) -> object | None:
    """The object `name` (torch.a.b.C) names in the installed torch, or None."""
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        try:
            for attr in parts[i:]:
                obj = getattr(obj, attr)
        except AttributeError:
            return None
        return obj
    return None


def documented(obj: object) -> bool:
    """An API a documentation page is about: a module, class, function or method (not a plain value)."""
    return isinstance(obj, types.ModuleType) or inspect.isclass(obj) or callable(obj)


@cache
def url(name: str) -> str | None:
    """The documentation URL of the API `name` (a full dotted name), or None when it is no documented
    object of the installed torch."""
    obj = resolve(name)
    if obj is None or not documented(obj):
        return None
    if name in EXACT:
        return DOCS + EXACT[name]
    if LEGACY_TENSOR.match(name):
        return DOCS + "tensors.html"
    if isinstance(obj, types.ModuleType):
        return DOCS + MODULE_PAGES[name] if name in MODULE_PAGES else None
    parent = name.rpartition(".")[0]
    for package in sorted(ANCHORED, key=len, reverse=True):
        if parent == package or parent.startswith(package + "."):
            return f"{DOCS}{ANCHORED[package]}#{name}"
    if inspect.isclass(resolve(parent)) and parent not in METHOD_PAGES:
        return f"{DOCS}generated/{parent}.html#{name}"
    return f"{DOCS}generated/{name}.html"


def mentions(line: str) -> list[tuple[re.Match, str]]:
    """(inline code match, the name as written) for each dotted name in inline code, outside link text."""
    linked = [m.span() for m in LINK.finditer(line)]
    found = []
    for m in INLINE_CODE.finditer(line):
        if any(a <= m.start() < b for a, b in linked):
            continue
        if w := MENTION.match(m[2].strip()):
            found.append((m, w["name"]))
    return found


# One memo per torch version (read without importing torch) and per version of these rules.
MEMO = DiskMemo(
    "api-links", f"torch {metadata.version('torch')} {digest(Path(__file__).read_text(encoding='utf-8'))}"
)


def identity(obj: object) -> str:
    """A name for the object itself, the same whatever name a page uses for it."""
    module = getattr(obj, "__module__", None) or getattr(obj, "__name__", "")
    return f"{module}:{getattr(obj, '__qualname__', getattr(obj, '__name__', type(obj).__qualname__))}"


def entry(written: str) -> list:
    """[full name, URL, identity] of a mention as written (None where it links nowhere), from the memo or
    resolved in the installed torch."""

    def resolved() -> list:
        name = qualified(written)
        target = url(name) if name else None
        return [name, target, identity(resolve(name)) if target else None]

    return MEMO.get(written, resolved)


def link_apis(markdown: str) -> tuple[str, dict[str, str]]:
    """The page with the first mention of each API linked, and {full name: URL} of the links made."""
    out, done, seen, fence, comment = [], {}, set(), None, False
    for line in markdown.split("\n"):
        stripped = line.strip()
        if fence is not None:
            if stripped and stripped == stripped[0] * len(stripped) and stripped.startswith(fence):
                fence = None
        elif m := FENCE.match(line):
            fence = m.group(1)
        elif comment or stripped.startswith("<!--"):
            comment = "-->" not in line
        elif not HEADING.match(line):
            pieces, last = [], 0
            for code, written in mentions(line):
                name, target, same = entry(written)
                if not target or same in seen:
                    continue  # the same object under another name (nn.Linear, torch.nn.Linear) counts once
                done[name] = target
                seen.add(same)
                pieces += [line[last : code.start()], f"[{code[0]}]({target})"]
                last = code.end()
            line = "".join(pieces) + line[last:]
        out.append(line)
    return "\n".join(out), done


def on_page_markdown(markdown, page, config, files):
    if page.file.src_uri.rsplit("/", 1)[-1] in NOT_CHAPTERS:
        return markdown
    return link_apis(markdown)[0]


def on_config(config):
    MEMO.load(Path(config.config_file_path).parent / ".cache")
    return config
