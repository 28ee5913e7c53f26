"""The site's terms, defined once: the glossary page (hooks/glossary.py) is generated from TERMS, and
tests/site/test_terms.py fails on the variants each term bans, so the words of the pages cannot drift.

Each term is a dict:
- zh, en: the words the pages use (the glossary's first two columns).
- zh_avoid / en_avoid: regular expressions of the variants the prose of that language must not use; a match
  is spared inside a full-width parenthesis right after the term itself, the way a term is introduced
  ("检查点（checkpoint）").
- zh_uses / en_uses: what counts as a use of the term when the glossary looks for the first page that uses
  it (default: the term itself; English case-insensitive, plurals included).
- code: a regular expression; an inline code span matching it counts as a use too (`DataLoader`).
- show: False for a rule that is no glossary entry (the measure word for GPUs).

"Prose" is what a reader reads as text: lines outside code fences, HTML comments and math, with inline code
spans and link targets taken out (`prose_lines`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

# English words spelled inside Chinese prose: a letter, digit, _ . / or - next to it means it is part of a
# longer name (CrossEntropyLoss, loss_fn, snippets/optim/checkpoint.py), not the word.
_EN = r"(?<![\w./-]){}(?![\w./-])"


def _word(pattern: str) -> str:
    return "(?i)" + _EN.format(pattern)


TERMS: list[dict] = [
    {"zh": "张量", "en": "tensor"},
    {"zh": "视图", "en": "view"},
    {"zh": "步长", "en": "stride", "zh_uses": r"步长(?!时间)"},
    {
        "zh": "连续",
        "en": "contiguous",
        "zh_uses": r"不连续|内存连续|连续(?:的)?(?:张量|内存|存储|性)",
        "code": r"(?:^|\.)(?:is_)?contiguous\b",
    },
    {"zh": "广播", "en": "broadcasting", "en_uses": r"(?i)\bbroadcast(?:ing|s)?\b"},
    {"zh": "叶子张量", "en": "leaf tensor", "zh_avoid": [r"(?<!子)叶张量"]},
    {"zh": "计算图", "en": "computational graph", "en_uses": r"(?i)\bcomputation(?:al)? graphs?\b"},
    {"zh": "自动求导", "en": "autograd"},
    {"zh": "梯度", "en": "gradient"},
    {"zh": "前向传播", "en": "forward pass", "zh_uses": r"前向"},
    {"zh": "反向传播", "en": "backward pass", "en_uses": r"(?i)\bbackward pass(?:es)?\b|\bbackprop"},
    {
        "zh": "原地操作",
        "en": "in-place operation",
        "zh_uses": r"原地",
        "en_uses": r"(?i)\bin-place\b",
        "zh_avoid": [r"就地"],
        "en_avoid": [_word("inplace")],
    },
    {"zh": "设备", "en": "device"},
    {"zh": "数据类型", "en": "dtype", "code": r"^dtype$"},
    {"zh": "优化器", "en": "optimizer", "en_avoid": [_word("optimis(?:er|ers|ation)")]},
    {"zh": "学习率", "en": "learning rate"},
    {
        "zh": "学习率调度器",
        "en": "learning-rate scheduler",
        "zh_uses": r"调度器",
        "en_uses": r"(?i)\bschedulers?\b",
        "zh_avoid": [r"学习率(?:调整器|规划器|调度程序)"],
    },
    {"zh": "权重", "en": "weight", "zh_avoid": [r"权值"]},
    {"zh": "权重衰减", "en": "weight decay"},
    {"zh": "动量", "en": "momentum"},
    {"zh": "梯度裁剪", "en": "gradient clipping"},
    {"zh": "损失", "en": "loss", "zh_avoid": [r"损耗", _word("loss(?:es)?")]},
    {"zh": "检查点", "en": "checkpoint", "zh_avoid": [_word("checkpoint(?:s|ing)?")]},
    {
        "zh": "小批量",
        "en": "mini-batch",
        "zh_avoid": [r"小批次"],
        "en_avoid": [_word("minibatch(?:es)?"), _word("mini batch(?:es)?")],
    },
    {
        "zh": "轮",
        "en": "epoch",
        "zh_uses": r"[每一两二三四五六七八九十几第多0-9]\s*轮(?![询流换转])|轮数",
        "zh_avoid": [_word("epochs?")],
    },
    {"zh": "数据集", "en": "dataset"},
    {"zh": "数据加载器", "en": "data loader", "code": r"(?:^|\.)DataLoader\b"},
    {"zh": "采样器", "en": "sampler"},
    {"zh": "工作进程", "en": "worker process", "en_uses": r"(?i)\bworkers?\b"},
    {"zh": "随机种子", "en": "random seed", "zh_uses": r"种子", "en_uses": r"(?i)\bseeds?\b"},
    {
        "zh": "训练模式",
        "en": "training mode",
        "en_uses": r"(?i)\btrain(?:ing)? mode\b",
        "zh_avoid": [r"(?i)\btrain\s*模式"],
    },
    {
        "zh": "评估模式",
        "en": "evaluation mode",
        "en_uses": r"(?i)\beval(?:uation)? mode\b",
        "zh_avoid": [r"(?i)\beval\s*模式"],
    },
    {"zh": "钩子", "en": "hook", "zh_avoid": [_word("hooks?")]},
    {"zh": "显存", "en": "GPU memory", "zh_avoid": [r"GPU\s*内存", r"显卡内存"]},
    {"zh": "每步耗时", "en": "step time", "zh_avoid": [r"步长时间"]},
    {"zh": "混合精度", "en": "mixed precision", "en_uses": r"(?i)\bmixed[- ]precision\b"},
    {"zh": "损失缩放", "en": "loss scaling"},
    {"zh": "梯度累积", "en": "gradient accumulation", "zh_avoid": [r"梯度累加"]},
    {
        "zh": "滑动平均",
        "en": "moving average",
        "zh_avoid": [r"累计统计量", r"移动平均"],
        "en_uses": r"(?i)\bmoving averages?\b|\brunning (?:mean|var|statistics|stats)\b",
    },
    {"zh": "进程组", "en": "process group"},
    {"zh": "集合通信", "en": "collective communication", "en_uses": r"(?i)\bcollectives?\b"},
    {
        "zh": "all-reduce",
        "en": "all-reduce",
        "zh_avoid": [_word("allreduce")],
        "en_avoid": [_word("allreduce")],
    },
    {"zh": "桶", "en": "bucket", "zh_avoid": [_word("buckets?")]},
    {
        "zh": "分布式数据并行",
        "en": "DistributedDataParallel (DDP)",
        "zh_uses": r"分布式数据并行|DDP",
        "en_uses": r"\bDDP\b|DistributedDataParallel",
    },
    # GPUs are counted with 块 (两块 GPU, 每块卡), not 张: a rule, not a glossary entry.
    {"zh": "块（GPU 的量词：两块 GPU）", "en": "", "show": False, "zh_avoid": [r"张\s*(?:GPU|卡|显卡)"]},
]

# Where each shown term is taught, for the glossary's last column: the section of the Chinese page
# (`page.md#anchor`, or `page.md` for a whole chapter); the English link is the section at the same place
# of the English page (_pages.resolve). tests/site/test_terms.py checks that the section uses the term in
# both languages, so a reader who follows the link finds it explained there.
TAUGHT: dict[str, str] = {
    "张量": "tensors.md#创建张量",
    "视图": "tensors-memory.md#视图步长与-contiguous",
    "步长": "tensors-memory.md#视图步长与-contiguous",
    "连续": "tensors-memory.md#视图步长与-contiguous",
    "广播": "tensors.md#广播",
    "叶子张量": "autograd.md#叶子张量与-grad_fn",
    "计算图": "intro.md#动态图与静态图",
    "自动求导": "autograd.md",
    "梯度": "autograd.md#反向传播backward-与-grad-的累加",
    "前向传播": "nn.md",
    "反向传播": "autograd.md#反向传播backward-与-grad-的累加",
    "原地操作": "tensors-memory.md#原地操作与下划线后缀",
    "设备": "tensors.md#设备cpu-与-gpu",
    "数据类型": "tensors.md#数据类型",
    "优化器": "optim.md#优化器做了什么",
    "学习率": "optim.md#优化器做了什么",
    "学习率调度器": "optim.md#学习率调度",
    "权重": "nn.md#参数初始化默认值与-nninit",
    "权重衰减": "optim.md#参数组",
    "动量": "optim.md#优化器做了什么",
    "梯度裁剪": "optim.md#梯度裁剪",
    "损失": "nn.md#损失函数mselosscrossentropyloss-与-nllloss",
    "检查点": "optim.md#检查点保存与恢复训练",
    "小批量": "optim.md#训练循环",
    "轮": "optim.md#训练循环",
    "数据集": "data.md#dataset-与-dataloader",
    "数据加载器": "data.md#dataset-与-dataloader",
    "采样器": "distributed.md#distributedsampler每个进程一份数据",
    "工作进程": "data-loading.md#多进程加载num_workers-与随机种子",
    "随机种子": "training-script.md#随机种子确定性与设备",
    "训练模式": "modes.md",
    "评估模式": "modes.md#评估时的正确写法",
    "钩子": "autograd-more.md#张量钩子register_hook",
    "显存": "gpus.md#查看-gpu计算能力bf16-与显存",
    "每步耗时": "amp.md#实测内存与每步耗时",
    "混合精度": "amp.md",
    "损失缩放": "amp.md",
    "梯度累积": "optim.md#梯度累积",
    "滑动平均": "modes.md#batchnorm批统计量与滑动平均",
    "进程组": "distributed.md",
    "集合通信": "horovod.md#集合通信allreduceallgatherbroadcast",
    "all-reduce": "distributed.md#ddp-同步了什么",
    "桶": "distributed.md#梯度分桶和反向传播重叠",
    "分布式数据并行": "distributed.md#数据并行",
}

# Slang the Chinese prose avoids; 干 only as a verb meaning "do" (干净、若干、干扰、主干、干脆 are fine).
SLANG = [
    r"(?<![若主相树骨躯饼])干(?![净扰预涉燥部线货杯旱涸支细冰粮脆])",
    r"凑合",
    r"撞车",
]

# The first mention of DDP on a Chinese page spells it out (test_terms.py).
DDP_FIRST = "分布式数据并行（DistributedDataParallel，DDP）"

FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
INLINE_CODE = re.compile(r"(`+)(.+?)\1")
LINK_TARGET = re.compile(r"\]\([^)]*\)")
HTML = re.compile(r"<!--.*?-->|<[^>]+>")
# comments the build replaces with text (hooks/build_facts.py, hooks/errata.py): prose reads them as a word
BUILD_FACT = re.compile(r"<!-- (pinned:[\w.-]+|repository|errata-count) -->")
INLINE_MATH = re.compile(r"(?<![\\$])\$(?!\s)[^$\n]+?(?<!\s)\$")
CODE_MARK = "\x00"  # what an inline code span becomes in prose


def prose_lines(markdown: str, code_mark: str = CODE_MARK) -> Iterator[tuple[int, str, str]]:
    """(line number, prose, raw line) for each line a reader reads as text: outside code fences, display
    math and HTML comments; inline code spans become `code_mark`, link targets and HTML tags go."""
    fence, math, comment = None, False, False
    for n, line in enumerate(markdown.splitlines(), 1):
        stripped = line.strip()
        if fence is not None:
            if stripped and stripped == stripped[0] * len(stripped) and stripped.startswith(fence):
                fence = None
            continue
        if m := FENCE.match(line):
            fence = m.group(1)
            continue
        if stripped == "$$":
            math = not math
            continue
        if math:
            continue
        if comment:
            comment = "-->" not in line
            continue
        if stripped.startswith("<!--") and "-->" not in line:
            comment = True
            continue
        text = INLINE_CODE.sub(code_mark, BUILD_FACT.sub("0.0.0", line))
        text = HTML.sub("", LINK_TARGET.sub("]", INLINE_MATH.sub(code_mark, text)))
        yield n, text, line


def _spared(text: str, term: str) -> list[tuple[int, int]]:
    """Spans of full-width parentheses right after `term`: where it is introduced with its other names."""
    return [m.span(1) for m in re.finditer(re.escape(term) + r"（([^）]*)）", text)]


def banned(text: str, lang: str) -> Iterator[tuple[str, str]]:
    """(variant as written, the term to use instead) for every banned variant in one line of prose."""
    for term in TERMS:
        spared = _spared(text, term["zh"] if lang == "zh" else term["en"]) if term[lang] else []
        for pattern in term.get(f"{lang}_avoid", []):
            for m in re.finditer(pattern, text):
                if not any(a <= m.start() and m.end() <= b for a, b in spared):
                    yield m[0], term[lang]


def slang(text: str) -> Iterator[str]:
    for pattern in SLANG:
        for m in re.finditer(pattern, text):
            yield text[max(0, m.start() - 4) : m.end() + 4]


def uses(term: dict, lang: str) -> re.Pattern:
    """What counts as a use of `term` in prose of `lang`."""
    if pattern := term.get(f"{lang}_uses"):
        return re.compile(pattern)
    if lang == "zh":
        return re.compile(re.escape(term["zh"]))
    return re.compile(r"(?i)\b" + re.escape(term["en"]) + r"(?:s|es)?\b")


@functools.lru_cache(maxsize=128)  # the glossary asks about every term on every page
def _prose(markdown: str) -> tuple[tuple[int, str, str], ...]:
    return tuple(prose_lines(markdown))


def used_in(term: dict, lang: str, markdown: str) -> bool:
    """Whether a page uses the term: in its prose, or (terms with `code`) in an inline code span."""
    pattern, code = uses(term, lang), term.get("code")
    for _, text, raw in _prose(markdown):
        if pattern.search(text):
            return True
        if code and any(re.search(code, m[2]) for m in INLINE_CODE.finditer(raw)):
            return True
    return False
