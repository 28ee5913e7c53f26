"""The generated links to the official API documentation (hooks/api_links.py, issue 17 item 7): every linked
name is imported from the installed torch, the rules give the documentation's real addresses (a table checked
by hand, not the rules written again), and only the first mention per page of an API written as inline code in
prose is linked.

The hook is called on each page's Markdown (what the build does in on_page_markdown), so no build is needed.
"""

from __future__ import annotations

import importlib

import pytest
from api_links import ALIASES, DOCS, NOT_CHAPTERS, link_apis, url

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


# Real addresses of the official documentation, checked by hand against docs.pytorch.org/docs/stable (and
# the .rst sources its pages are built from): one or more names for each kind of page the rules know (a
# generated page, a method on its class's page, an anchor on a package's page, a module's page, the legacy
# tensor table) and each name where the documentation does not follow the pattern. A rule that builds another
# address for any of them fails here. The address only, after DOCS.
REAL_ADDRESSES = {
    "torch.zeros": "generated/torch.zeros.html",
    "torch.no_grad": "generated/torch.no_grad.html",
    "torch.nn.Linear": "generated/torch.nn.Linear.html",
    "torch.nn.functional.relu": "generated/torch.nn.functional.relu.html",
    "torch.optim.AdamW": "generated/torch.optim.AdamW.html",
    "torch.nn.parallel.DistributedDataParallel": "generated/torch.nn.parallel.DistributedDataParallel.html",
    "torch.Tensor.view": "generated/torch.Tensor.view.html",
    "torch.optim.Optimizer.zero_grad": "generated/torch.optim.Optimizer.zero_grad.html",
    "torch.nn.Module.train": "generated/torch.nn.Module.html#torch.nn.Module.train",
    "torch.nn.SyncBatchNorm.convert_sync_batchnorm": (
        "generated/torch.nn.SyncBatchNorm.html#torch.nn.SyncBatchNorm.convert_sync_batchnorm"
    ),
    "torch.distributed": "distributed.html",
    "torch.nn.init": "nn.init.html",
    "torch.distributed.all_reduce": "distributed.html#torch.distributed.all_reduce",
    "torch.distributed.init_process_group": "distributed.html#torch.distributed.init_process_group",
    "torch.utils.data.DataLoader": "data.html#torch.utils.data.DataLoader",
    "torch.utils.checkpoint.checkpoint": "checkpoint.html#torch.utils.checkpoint.checkpoint",
    "torch.cuda.amp.GradScaler": "amp.html#torch.cuda.amp.GradScaler",
    "torch.autocast": "amp.html#torch.autocast",
    "torch.autograd.Function": "autograd.html#torch.autograd.Function",
    "torch.Tensor": "tensors.html",
    "torch.FloatTensor": "tensors.html",
    "torch.cuda.LongTensor": "tensors.html",
    # documented under the name of the module that defines them (tensorboard.rst: currentmodule
    # torch.utils.tensorboard.writer; data.rst: autoclass torch.utils.data.distributed.DistributedSampler;
    # nn.rst lists parameter.Parameter), not the name a program imports
    "torch.utils.tensorboard.SummaryWriter": "tensorboard.html#torch.utils.tensorboard.writer.SummaryWriter",
    "torch.utils.data.DistributedSampler": "data.html#torch.utils.data.distributed.DistributedSampler",
    "torch.nn.Parameter": "generated/torch.nn.parameter.Parameter.html",
}


@pytest.mark.parametrize("name", REAL_ADDRESSES)
def test_the_rules_give_the_documentations_real_address(name):
    assert url(name) == DOCS + REAL_ADDRESSES[name]


@pytest.mark.parametrize("lang", LANGS)
def test_every_linked_name_exists_and_links_into_the_documentation(lang):
    total = 0
    for page in doc_pages(lang):
        if page in NOT_CHAPTERS:
            continue
        for name, address in links(lang, page).items():
            total += 1
            assert name.startswith("torch."), (page, name)
            import_name(name)
            assert address == url(name) and address.startswith(DOCS), (page, name, address)
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
