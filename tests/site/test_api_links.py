"""The generated links to the official API documentation (hooks/api_links.py, issue 17 item 7): every linked
name is imported from the installed torch, and its URL is the one built from that name; the rule links only
the first mention per page of an API written as inline code in prose.

The hook is called on each page's Markdown (what the build does in on_page_markdown), so no build is needed.
"""

from __future__ import annotations

import importlib

import pytest
from api_links import ALIASES, DOCS, EXACT, LEGACY_TENSOR, NOT_CHAPTERS, link_apis

from tests.site.pages import DOCS as PAGES
from tests.site.pages import LANGS, doc_pages


def import_name(name: str) -> object:
    """Import `torch.a.b.C` the plain way: the longest importable module, then attributes."""
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for attr in parts[i:]:
            obj = getattr(obj, attr)  # an AttributeError fails the test, naming the attribute
        return obj
    raise ImportError(name)


def links(lang: str, page: str) -> dict[str, str]:
    return link_apis((PAGES / lang / page).read_text(encoding="utf-8"))[1]


@pytest.mark.parametrize("lang", LANGS)
def test_every_linked_name_exists_and_its_url_is_built_from_it(lang):
    total = 0
    for page in doc_pages(lang):
        if page in NOT_CHAPTERS:
            continue
        for name, url in links(lang, page).items():
            total += 1
            assert name.startswith("torch."), (page, name)
            import_name(name)
            assert url.startswith(DOCS), (page, name, url)
            target = url.removeprefix(DOCS)
            page_part, _, anchor = target.partition("#")
            if name in EXACT:
                assert target == EXACT[name], (page, name, url)
            elif LEGACY_TENSOR.match(name):
                assert target == "tensors.html", (page, name, url)
            elif anchor:  # an object documented under an anchor of its full name
                assert anchor == name, (page, name, url)
            elif page_part.startswith("generated/"):
                assert page_part == f"generated/{name}.html", (page, name, url)
            else:  # a module's own page
                assert isinstance(import_name(name), type(importlib)), (page, name, url)
    assert total > 100, f"only {total} API links in {lang}"


def link(markdown: str) -> str:
    return link_apis(markdown)[0]


G = DOCS + "generated/"


@pytest.mark.parametrize(
    ("markdown", "linked"),
    [
        ("用 `torch.zeros` 创建", f"用 [`torch.zeros`]({G}torch.zeros.html) 创建"),
        (
            "`nn.Linear` 和 `F.relu`",
            f"[`nn.Linear`]({G}torch.nn.Linear.html) 和 [`F.relu`]({G}torch.nn.functional.relu.html)",
        ),
        ("`torch.no_grad()` 里", f"[`torch.no_grad()`]({G}torch.no_grad.html) 里"),
        ("`Tensor.view` 返回视图", f"[`Tensor.view`]({G}torch.Tensor.view.html) 返回视图"),
        ("`torch.optim.AdamW`", f"[`torch.optim.AdamW`]({G}torch.optim.AdamW.html)"),
        ("`torch.distributed`", f"[`torch.distributed`]({DOCS}distributed.html)"),
        (
            "`dist.all_reduce`",
            f"[`dist.all_reduce`]({DOCS}distributed.html#torch.distributed.all_reduce)",
        ),
        (
            "`torch.cuda.amp.GradScaler` 已弃用",
            f"[`torch.cuda.amp.GradScaler`]({DOCS}amp.html#torch.cuda.amp.GradScaler) 已弃用",
        ),
        (
            "`nn.Module.train`",
            f"[`nn.Module.train`]({G}torch.nn.Module.html#torch.nn.Module.train)",
        ),
        ("`torch.FloatTensor`", f"[`torch.FloatTensor`]({DOCS}tensors.html)"),
        (
            "`torch.nn.modules.linear.Linear`",
            f"[`torch.nn.modules.linear.Linear`]({G}torch.nn.Linear.html)",
        ),
        # first mention only, whatever name it goes by
        ("`nn.Linear`，`torch.nn.Linear`", f"[`nn.Linear`]({G}torch.nn.Linear.html)，`torch.nn.Linear`"),
    ],
)
def test_mentions_are_linked(markdown, linked):
    assert link(markdown) == linked


@pytest.mark.parametrize(
    "markdown",
    [
        "`x.view()` 是代码，不是 API 名",
        "`torch.zeros(2, 3)` 是一次调用",
        "`torch.no_such_thing` 不存在",
        "`torch.float16` 是一个值",
        "`torch` 本身",
        "## `torch.zeros` 在标题里",
        "[`torch.zeros`](tensors.md) 已经是链接",
        "```python\n`torch.zeros`\n```",
        "<!-- `torch.zeros` -->",
        '??? note "`torch.zeros`"',
        "torch.zeros 不是行内代码",
    ],
)
def test_the_rest_is_left_alone(markdown):
    assert link(markdown) == markdown


def test_the_aliases_are_the_usual_imports():
    for alias, module in ALIASES.items():
        assert import_name(module) is not None, alias
