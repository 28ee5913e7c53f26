"""Chinese punctuation and spacing, per the Chinese copywriting guidelines
(https://github.com/sparanoid/chinese-copywriting-guidelines), checked on the prose of every docs/zh/ page
(lines outside code fences, display math and HTML comments; see `_glossary.prose_lines`):

- one space between Chinese characters and Latin letters or digits (`第 1 章`, `用 PyTorch 训练`); an inline
  code span or inline formula counts as a word (`` 调用 `backward()` 之后 ``, never `` 调用`backward()` ``),
  which is what every page already does;
- a link is judged by the text a reader sees: `见[使用 GPU]一章` reads "见使用 GPU一章", so the brackets get
  the space the words would (`见[使用 GPU](gpus.md) 一章`);
- full-width punctuation in Chinese sentences: no half-width , ; : ? ! directly after a Chinese character or
  directly before one, no half-width ( ) touching a Chinese character, no half-width " around Chinese text
  (an admonition's title, `??? tip "参考答案"`, is syntax, not prose);
- no space between two Chinese characters (a leftover of an edit: `在 评估模式下`);
- no space before or after full-width punctuation (，。、：；？！（）“”《》), except the indentation and list,
  table or quote markers Markdown needs;
- no repeated 。。 ！！ ？？, and no space between a number and % or °.

A quotation in “” is left as the quoted text wrote it (the pages quote the old notes verbatim): the rules see
it as one neutral mark, so only the spacing around the quotation marks counts.
README.md is mostly English; its lines with more Chinese characters than Latin letters are checked too.
"""

from __future__ import annotations

import re

import pytest
from _glossary import prose_lines

from tests.conftest import ROOT
from tests.site.pages import DOCS, doc_pages

CJK = r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
LATIN = r"[A-Za-z0-9\x00]"  # \x00: an inline code span or formula (prose_lines)
FULL = r"[，。、：；？！（）“”《》]"
MARKER = re.compile(r"^\s*(?:(?:[-*+]|\d+\.|>|#{1,6})\s+)*")  # list, quote and heading markers
ADMONITION = re.compile(r'^\s*(?:\?\?\?\+?|!!!)\s+[\w-]+(?:\s+"[^"]*")?')
LINK = re.compile(r"!?\[([^\]]*)\]")  # prose_lines already took the (target) out
QUOTATION = re.compile(r"“[^”]*”")

RULES = {
    "space between Chinese and Latin/digits/code": re.compile(rf"{CJK}{LATIN}|{LATIN}{CJK}|(?<=[0-9])%{CJK}"),
    "half-width punctuation in a Chinese sentence": re.compile(rf"{CJK}[,;:?!]|(?<=\S)[,;:?!]{CJK}"),
    "half-width parenthesis next to Chinese": re.compile(rf"{CJK}[()]|[()]{CJK}"),
    'half-width " around Chinese': re.compile(rf'{CJK}"|"{CJK}'),
    "space between Chinese characters": re.compile(rf"{CJK} +{CJK}"),
    "space around full-width punctuation": re.compile(rf"(?<=[^\s|]) +{FULL}|{FULL} +(?=[^\s|])"),
    "repeated full-width punctuation": re.compile(r"。。|！！|？？"),
    "space between a number and % or °": re.compile(r"\d +[%°]"),
}


def visible(text: str) -> str:
    """The line as a reader sees it: markers, emphasis, link brackets and admonition syntax taken out."""
    text = ADMONITION.sub("", text)
    text = MARKER.sub("", text, count=1)
    text = QUOTATION.sub("“…”", LINK.sub(r"\1", text))
    return text.replace("**", "").replace("~~", "")


def mostly_chinese(text: str) -> bool:
    return len(re.findall(CJK, text)) > len(re.findall(r"[A-Za-z]", text))


def problems(markdown: str, only_chinese_lines: bool = False) -> list[tuple[int, str, str]]:
    """(line number, rule, the offending text with a little context) for one page."""
    found = []
    for n, text, _ in prose_lines(markdown):
        if only_chinese_lines and not mostly_chinese(text):
            continue
        line = visible(text)
        for rule, pattern in RULES.items():
            for m in pattern.finditer(line):
                found.append((n, rule, line[max(0, m.start() - 8) : m.end() + 8].replace("\x00", "`…`")))
    return found


@pytest.mark.parametrize("page", doc_pages("zh"))
def test_chinese_punctuation_and_spacing(page):
    found = [
        f"docs/zh/{page}:{n}: {rule}: {where!r}"
        for n, rule, where in problems((DOCS / "zh" / page).read_text(encoding="utf-8"))
    ]
    assert not found, f"{len(found)} problems:\n" + "\n".join(found)


def test_the_chinese_lines_of_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = [f"README.md:{n}: {rule}: {where!r}" for n, rule, where in problems(readme, True)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("用PyTorch 训练", "space between Chinese and Latin/digits/code"),
        ("训练了3 轮", "space between Chinese and Latin/digits/code"),
        ("调用`backward()` 之后", "space between Chinese and Latin/digits/code"),
        ("调用 `backward()`之后", "space between Chinese and Latin/digits/code"),
        ("见[使用 GPU](gpus.md)一章", "space between Chinese and Latin/digits/code"),
        ("占 50%的显存", "space between Chinese and Latin/digits/code"),
        ("张量, 视图", "half-width punctuation in a Chinese sentence"),
        ("输出:", "half-width punctuation in a Chinese sentence"),
        ("为什么?", "half-width punctuation in a Chinese sentence"),
        ("张量(tensor)", "half-width parenthesis next to Chinese"),
        ('所谓"视图"', 'half-width " around Chinese'),
        ("在 评估模式下", "space between Chinese characters"),
        ("张量 ，视图", "space around full-width punctuation"),
        ("张量， 视图", "space around full-width punctuation"),
        ("上面说 DDP “等价于”单卡", "space around full-width punctuation"),
        ("对。。", "repeated full-width punctuation"),
        ("快了 50 %", "space between a number and % or °"),
    ],
)
def test_each_rule_hits(text, rule):
    assert {r for _, r, _ in problems(text)} == {rule}


@pytest.mark.parametrize(
    "text",
    [
        "用 PyTorch 训练 3 轮，占 50% 的显存。",
        "调用 `backward()` 之后，`x.grad` 才有值。",
        "见[使用 GPU](gpus.md) 一章，或[分布式训练](distributed.md)一章。",
        "步长是 (3, 1)，`f(x)` 的导数是 1/(2√a)。",
        '??? tip "参考答案"',
        "- （选读）一个列表项",
        "| 张量 | tensor |",
        "1. “DDP 的结果等价于单卡”：对。",
        "```python\nx = 1  # 这里,随便(写)\n```",
        "<!-- pinned:torch -->",
        "本站锁定的 torch <!-- pinned:torch -->（CUDA 13.0 版）",
        "旧笔记说“pytorch可以说是torch的python版本”。",
        "$$\n\\hat{x}=x（1）\n$$",
        "它等于 $1/(1-p)$ 倍。",
    ],
)
def test_the_rules_spare_what_the_guidelines_allow(text):
    assert problems(text) == []
