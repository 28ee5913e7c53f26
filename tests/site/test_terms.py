"""The words of the pages (issue 17, "Words"): one term per concept, from hooks/data/glossary.toml (read by
hooks/_glossary.py), the list the glossary page is generated from. The prose of every page (outside code
fences, inline code, link targets and math) must not use a variant a term bans; the Chinese prose avoids
slang (干 as "do", 凑合, 撞车); and the first mention of DDP on a Chinese page spells it out as
分布式数据并行（DistributedDataParallel，DDP）.

A failure names the page, the line and the word to use instead.
"""

from __future__ import annotations

import re

import pytest
import yaml
from _glossary import banned, glossary, prose_lines, slang, used_in
from _pages import resolve, section_text
from glossary import render
from notebook_sources import localise

from tests.site.pages import DOCS, LANGS, doc_pages

DDP = re.compile(r"(?<![\w-])DDP(?![\w-])")
# the spelled-out form, the English name optionally as inline code
SPELLED_OUT = re.compile(r"分布式数据并行（`?DistributedDataParallel`?，DDP）")


def read(lang: str, page: str) -> str:
    """A page's Markdown, or for `examples/<name>.py` the Markdown cells of that notebook in `lang`."""
    if page.startswith("examples/"):
        return notebook_markdown(lang, page)
    return (DOCS / lang / page).read_text(encoding="utf-8")


def notebook_markdown(lang: str, path: str) -> str:
    """The Markdown cells of a notebook source in one language, as the build localises it."""
    cells = localise(DOCS.parent / path, lang).cells
    return "\n\n".join(cell.source for cell in cells if cell.cell_type == "markdown")


def texts(lang: str) -> list[str]:
    """Every page of one language, and the notebooks' Markdown cells in it."""
    notebooks = sorted(p.relative_to(DOCS.parent).as_posix() for p in (DOCS.parent / "examples").glob("*.py"))
    return doc_pages(lang) + notebooks


# -ise spellings of the verbs the site uses; English prose spells them -ize (normalize, initialization).
ISE = re.compile(
    r"\b(?:un)?(?:normal|initial|synchron|optim|recogn|util|quant|popular|memor|serial|minim|maxim|summar"
    r"|organ|real|visual|custom|special|parallel|material|priorit|categor|character|author|standard|stabil"
    r"|vector|token|central|general|local|equal|final|capital|emphas|apolog|critic)is(?:e|es|ed|ing|ation|ations|er|ers)\b",
    re.I,
)


def ise_in(page: str) -> list[str]:
    return [
        f"{page}:{n}: {m[0]!r}: {raw.strip()[:100]}"
        for n, text, raw in prose_lines(read("en", page))
        for m in ISE.finditer(text)
    ]


def variants(lang: str, page: str) -> list[str]:
    """One line per line of prose with banned variants: each variant once, with the term to use."""
    found = []
    for n, text, raw in prose_lines(read(lang, page)):
        if words := dict.fromkeys(f"{word!r} -> {use}" for word, use in banned(text, lang)):
            where = page if page.startswith("examples/") else f"docs/{lang}/{page}"
            found.append(f"{where}:{n}: {'; '.join(words)}: {raw.strip()[:100]}")
    return found


def slang_in(page: str) -> list[str]:
    where = page if page.startswith("examples/") else f"docs/zh/{page}"
    return [
        f"{where}:{n}: slang {hit!r}: {raw.strip()[:100]}"
        for n, text, raw in prose_lines(read("zh", page))
        for hit in slang(text)
    ]


def ddp_first_mention(markdown: str) -> str | None:
    """The line of the first DDP mention in prose (headings aside) when it is not spelled out, else None."""
    for _, text, raw in prose_lines(markdown):
        if raw.lstrip().startswith("#") or not DDP.search(text):
            continue
        return None if SPELLED_OUT.search(raw) else raw.strip()
    return None


@pytest.mark.parametrize("lang", LANGS)
def test_no_page_uses_a_banned_variant(lang):
    found = [line for page in texts(lang) for line in variants(lang, page)]
    assert not found, f"{len(found)} banned variants (see hooks/data/glossary.toml):\n" + "\n".join(found)


def test_the_chinese_prose_uses_no_slang():
    found = [line for page in texts("zh") for line in slang_in(page)]
    assert not found, f"{len(found)} slang words:\n" + "\n".join(found)


def test_the_english_prose_spells_ize():
    """One spelling: -ize and -ization (normalize, initialization), as the Oxford and American styles
    agree; pages and the notebooks' English cells."""
    found = [line for page in texts("en") for line in ise_in(page)]
    assert not found, f"{len(found)} -ise spellings:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("text", "hit"),
    [
        ("normalises the input", "normalises"),
        ("Uninitialised memory", "Uninitialised"),
        ("it raises", None),
        ("the noise", None),
        ("an exercise", None),
        ("emphasis", None),
    ],
)
def test_the_ize_rule(text, hit):
    m = ISE.search(text)
    assert (m[0] if m else None) == hit


def test_ddp_gets_its_chinese_name_at_its_first_mention():
    found = [
        f"docs/zh/{page}: {line[:100]}"
        for page in doc_pages("zh")
        if (line := ddp_first_mention(read("zh", page)))
    ]
    assert not found, f"the first DDP on a page must read {glossary().ddp_first}:\n" + "\n".join(found)


def test_every_glossary_term_is_used_somewhere():
    """A term nobody uses is a stale glossary row (or a pattern that no longer matches)."""
    for lang in LANGS:
        texts = [read(lang, page) for page in doc_pages(lang)]
        unused = [
            t["zh"]
            for t in glossary().terms
            if t.get("show", True) and not any(used_in(t, lang, x) for x in texts)
        ]
        assert not unused, f"{lang}: glossary terms no page uses: {unused}"


def test_each_term_links_to_a_section_that_uses_it():
    """The glossary's last column leads to where the term is taught: the section a shown term's `taught`
    resolves to (in each language) uses the term in its prose. (The reader refuses a shown term without
    `taught`: tests/site/test_data_files.py.)"""
    known, missing = glossary(), []
    for term in (t for t in known.terms if t.get("show", True)):
        for lang in LANGS:
            link, _, _ = resolve(known.taught[term["zh"]], lang, "taught")
            page, _, anchor = link.partition("#")
            text = section_text(lang, page, anchor) if anchor else read(lang, page)
            if not used_in(term, lang, text):
                missing.append(f"{term['zh']} ({lang}): docs/{lang}/{link}")
    assert not missing, "sections that do not use the term they are said to teach:\n" + "\n".join(missing)


def test_prose_leaves_out_code_math_comments_and_link_targets():
    page = "a\n```python\nloss = 1\n```\n$$\nx\n$$\n<!-- loss -->\n[b](c.md#loss) `d` $e$ f"
    assert [(n, text) for n, text, _ in prose_lines(page) if text] == [(1, "a"), (9, "[b] \x00 \x00 f")]


def hits(text: str, lang: str = "zh") -> list[tuple[str, str]]:
    _, prose, _ = next(prose_lines(text))
    return list(banned(prose, lang))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("把 loss 乘上一个系数", [("loss", "损失")]),
        ("训练损耗下降", [("损耗", "损失")]),
        ("保存 checkpoint 之后", [("checkpoint", "检查点")]),
        ("每个小批次的梯度", [("小批次", "小批量")]),
        ("权值也会衰减", [("权值", "权重")]),
        ("BatchNorm 的累计统计量", [("累计统计量", "滑动平均")]),
        ("两张 GPU 上各跑一个进程", [("张 GPU", "块（GPU 的量词：两块 GPU）")]),
        ("每张卡一个进程", [("张卡", "块（GPU 的量词：两块 GPU）")]),
        ("步长时间降到一半", [("步长时间", "每步耗时")]),
        ("用梯度累加模拟大批量", [("梯度累加", "梯度累积")]),
        ("每个 epoch 重新打乱", [("epoch", "轮")]),
        ("切到 eval 模式", [("eval 模式", "评估模式")]),
        ("就地修改张量", [("就地", "原地操作")]),
        # spared: the term introduced with its English name, code, names that merely contain the word
        ("检查点（checkpoint）要保存的不只是模型权重", []),
        ("每一轮（epoch）都重新打乱", []),
        ("用 `loss.backward()` 求梯度", []),
        ("`nn.CrossEntropyLoss` 和 CrossEntropyLoss 都不是 loss 这个词", [("loss", "损失")]),
        ("见 [检查点](optim.md#checkpoint) 与 snippets/optim/checkpoint.py", []),
        ("步长是 (3, 1)，每步耗时 2 ms", []),
        ("权重衰减和学习率", []),
    ],
)
def test_the_rule_hits_variants_and_spares_the_rest(text, found):
    assert hits(text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("use a minibatch of 32", [("minibatch", "mini-batch")]),
        ("an inplace update", [("inplace", "in-place operation")]),
        ("pass `inplace=True`", []),
        ("ring-allreduce and allreduce", [("allreduce", "all-reduce")]),
    ],
)
def test_the_english_rule(text, found):
    assert hits(text, "en") == found


@pytest.mark.parametrize(
    ("text", "hit"),
    [
        ("优化器内部就是这么干的", True),
        ("让 GPU 干活", True),
        ("先凑合着用", True),
        ("两个名字撞车了", True),
        ("取出若干个样本", False),
        ("干净的环境", False),
        ("互不相干的开关", False),
        ("预训练过的主干", False),
        ("或者干脆挂起", False),
        ("不受干扰", False),
    ],
)
def test_slang_hits_the_verb_and_spares_compounds(text, hit):
    assert bool(list(slang(text))) is hit


@pytest.mark.parametrize(
    ("page", "ok"),
    [
        (
            "# 分布式\n\n## DDP\n\n分布式数据并行（DistributedDataParallel，DDP）复制模型。\n\nDDP 再同步。",
            True,
        ),
        ("# 分布式\n\nDDP 把模型复制到每个进程。\n\n分布式数据并行（DistributedDataParallel，DDP）。", False),
        ("# 数据\n\n`DDP` 只出现在代码里。", True),
        ("# 分布式\n\n分布式数据并行（`DistributedDataParallel`，DDP）复制模型。", True),
    ],
)
def test_ddp_rule(page, ok):
    assert (ddp_first_mention(page) is None) is ok


def test_the_glossary_table_has_a_row_per_term_linking_sections_that_exist():
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("", lambda loader, suffix, node: None)  # mkdocs.yml's !ENV and python tags
    nav = yaml.load((DOCS.parent / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)["nav"]
    for lang in LANGS:
        rows = render(lang, nav).splitlines()[2:]
        assert [row.split(" | ")[0].removeprefix("| ") for row in rows] == [
            t["zh"] for t in glossary().terms if t.get("show", True)
        ]
        targets = re.findall(r"\]\(([^)]+)\)", "\n".join(rows))
        assert len(targets) == 2 * len(rows), rows  # the first page that uses it, the section that teaches it
        for target in targets:
            page, _, anchor = target.partition("#")
            assert (DOCS / lang / page).is_file(), target
            if anchor:
                section_text(lang, page, anchor)  # raises KeyError when the page has no such section
