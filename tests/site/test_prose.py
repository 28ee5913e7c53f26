"""Prose rules a build cannot check (DESIGN.md, "A chapter"): an output line is named by the label its snippet
prints, never by its position, so a snippet that gains a line cannot make a page point at the wrong one."""

from __future__ import annotations

import re

import pytest

from tests.site.pages import DOCS, LANGS, doc_pages, lines_outside_fences

POSITIONAL = {
    "zh": re.compile(
        r"倒数第.行|第[一二三四五六七八九十0-9]+行|最后[一两三四五六七八九十0-9]*行"
        r"|[前后头][一两三四五六七八九十0-9]+行|末[一两三]行"
    ),
    "en": re.compile(
        r"\b(first|second|third|fourth|last|next|final|previous|following) (two |three |four |few )?lines?\b"
        r"|\blines? [0-9]+\b",
        re.I,
    ),
}


@pytest.mark.parametrize("lang", LANGS)
def test_outputs_are_named_by_their_label_not_their_position(lang):
    found = [
        f"docs/{lang}/{page}: {m[0]!r} in: {line.strip()[:120]}"
        for page in doc_pages(lang)
        for line in lines_outside_fences((DOCS / lang / page).read_text(encoding="utf-8"))
        if (m := POSITIONAL[lang].search(line))
    ]
    assert not found, "refer to the printed label instead:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("lang", "text", "hit"),
    [
        ("zh", "输出倒数第三行是 inf", True),
        ("zh", "最后两行说明", True),
        ("zh", "`inferred:` 那一行", False),
        ("en", "the last two lines show it", True),
        ("en", "line 3 of the output", True),
        ("en", "the `inferred:` line", False),
        ("en", "a pipeline stage", False),
    ],
)
def test_the_rule_sees_positions_and_spares_labels(lang, text, hit):
    assert bool(POSITIONAL[lang].search(text)) is hit


# What the build knows is never typed (DESIGN.md, "A chapter"): the machine that built the site (its output
# boxes say which device and CPU ran each file), the pinned versions (<!-- pinned:torch --> supplies them).
BUILD_FACTS = {
    "zh": re.compile(r"构建(机器|机|站点的机器|时的机器)|这台机器|本机(只有|有|没有)|2\.14\.1|0\.29\.1"),
    "en": re.compile(
        r"\bbuild(ing)? machine\b|\bthis machine (has|had) (no|only|\d)|2\.14\.1|0\.29\.1", re.I
    ),
}


@pytest.mark.parametrize("lang", LANGS)
def test_prose_states_no_fact_the_build_knows(lang):
    found = [
        f"docs/{lang}/{page}: {m[0]!r} in: {line.strip()[:120]}"
        for page in doc_pages(lang)
        for line in lines_outside_fences((DOCS / lang / page).read_text(encoding="utf-8"))
        if (m := BUILD_FACTS[lang].search(re.sub(r"`[^`]*`", "", line)))
    ]
    assert not found, "let the build say it (output titles, <!-- pinned:NAME -->):\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("lang", "text", "hit"),
    [
        ("zh", "构建机器没有 GPU", True),
        ("zh", "这台机器只有 2 个核", True),
        ("zh", "本站用的 torch 2.14.1", True),
        ("zh", "本站用的 torch <!-- pinned:torch -->", False),
        ("zh", "torch 2.6 起默认 `weights_only=True`", False),
        ("en", "The build machine has no GPU", True),
        ("en", "torch 2.14.1, which this site uses", True),
        ("en", "this machine has only 2 cores", True),
        ("en", "NCCL only when this machine has at least as many GPUs as processes", False),
    ],
)
def test_the_fact_rule_sees_typed_facts_and_spares_markers(lang, text, hit):
    assert bool(BUILD_FACTS[lang].search(text)) is hit
