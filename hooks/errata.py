"""MkDocs hook: the errata page ("原笔记勘误 / Corrections to the original notes") is generated from the
"what the old notes said" boxes of every chapter, so the two can never drift apart.

Each box becomes one entry: the chapter and section it sits in (a link to that section's anchor), the box's
own text, and the snippets included in that section with their test files, which are the proof. A box in a
section without code (a historical fact, the status of another framework) says so instead of borrowing an
unrelated snippet. Chapters come in nav order; tests/site/test_errata.py checks every link of the result.

The page's intro says how many entries it holds: the hook writes the count where the page has COUNT_MARKER,
and refuses to build when the languages disagree (an entry is one box; a box may correct a few neighbouring
sentences of the notes).
"""

from __future__ import annotations

import re

from _includes import INCLUDE_LINE
from _pages import DOCS, FENCE, HEADING, SLUG, nav_files, resolve, test_file_for
from markdown.extensions.toc import unique
from mkdocs.exceptions import PluginError

MARKER = "<!-- errata -->"
COUNT_MARKER = "<!-- errata-count -->"
NOTES_MARKER = "<!-- notes-map -->"  # the table: each section of the old notes -> the site's sections
BOX_TITLE = {"zh": "旧笔记的说法", "en": "What the old notes said"}
BOX_MARK = "???"  # folded: the old notes are an optional layer; a chapter reads on its own (DESIGN.md)
WORDS = {
    "zh": {
        "proof": "证据：",
        "with_test": "（测试 {test}）",
        "sep": "；",
        "no_code": "证据：这一条讲的是历史或现状，由上面链接的小节说明，没有对应的代码。",
        "notes_head": "| 旧笔记的小节 | 本站讲它的地方 |",
        "notes_in": " › ",
        "notes_none": {
            "empty": "笔记里只有这个标题，下面没有内容。",
            "references": "两篇外部文章的标题，本站不转载。",
        },
    },
    "en": {
        "proof": "Proof: ",
        "with_test": " (test {test})",
        "sep": "; ",
        "no_code": "Proof: a matter of history or of the state of things, explained in the section"
        " linked above; there is no code for it.",
        "notes_head": "| Section of the old notes | Where this site covers it |",
        "notes_in": " › ",
        "notes_none": {
            "empty": "The notes have only this heading, with nothing under it.",
            "references": "The titles of two outside articles, not reproduced here.",
        },
    },
}
# The old notes' sections, in the notes' order, and the site's sections that replace each (issue 17).
# Each entry: the notes' line where the section starts (the file the site grew out of, not in this
# repository), its heading as the notes spell it (or, for a passage without one, a description in
# full-width brackets starting UNTITLED), its English name, and the targets: `page.md#anchor` with the
# anchor of the *Chinese* page's section (the English anchor is the same section's: the pages have the same
# sections in the same order), or a key of WORDS[lang]["notes_none"] saying why nothing replaces it. Each
# section runs to the next one's line, so together they cover the notes from their first section to the
# end. The hook fails the build, and tests/site/test_errata.py fails, when a target's page or section does
# not exist.
UNTITLED = "（无标题："
NOTES_MAP: list[tuple[int, str, str, list[str] | str]] = [
    (7, "1. pytorch 和torch 比较", "1. PyTorch and Torch compared", ["intro.md#pytorch-与-lua-torch"]),
    (13, "2. 常用的框架比较", "2. The common frameworks compared", ["intro.md#框架的过去和现在"]),
    (
        17,
        "3. pytorch的思想",
        "3. The ideas behind PyTorch",
        [
            "intro.md#动态图与静态图",
            "tensors.md#创建张量",
            "tensors.md#广播",
            "tensors.md#设备cpu-与-gpu",
        ],
    ),
    (
        61,
        "AutoGrad 模块",
        "The AutoGrad module",
        [
            "intro.md#动态图与静态图",
            "autograd.md#requires_grad默认是-false",
            "autograd.md#叶子张量与-grad_fn",
            "autograd.md#不记录计算图的几种办法",
        ],
    ),
    (79, "最优化模块 torch.optim", "The optimisation module torch.optim", ["optim.md#优化器做了什么"]),
    (
        85,
        "（无标题：torch.nn 常用层的列表）",
        "(untitled: a list of common torch.nn layers)",
        [
            "nn.md#线性层linear-与-bilinear",
            "nn-layers.md#卷积conv1dconv2dconv3d-与-convtranspose2d",
            "nn-layers.md#池化maxpool-与-avgpool",
            "nn.md#激活函数sigmoidtanhreluleakyrelu",
            "nn-layers.md#循环网络lstm-与-gru",
            "nn-layers.md#归一化dropout-与嵌入",
            "nn.md#损失函数mselosscrossentropyloss-与-nllloss",
        ],
    ),
    (
        96,
        "张量",
        "Tensors",
        ["tensors.md#创建张量", "tensors-memory.md#原地操作与下划线后缀", "tensors.md#设备cpu-与-gpu"],
    ),
    (120, "零索引", "Zero-based indexing", ["tensors.md#索引与切片"]),
    (154, "基本类型", "Basic types", ["tensors.md#数据类型"]),
    (
        162,
        "numpy 和 tensor 之间的相互转换",
        "Converting between NumPy arrays and tensors",
        ["tensors.md#与-numpy-互相转换", "tensors.md#设备cpu-与-gpu"],
    ),
    (
        222,
        "下一章介绍PyTorch的自动求导机制",
        "The next chapter: PyTorch's automatic differentiation",
        ["autograd.md#requires_grad默认是-false", "autograd.md#variable-与-volatile-的历史"],
    ),
    (
        243,
        "PyTorch 基础 : 神经网络包nn和优化器optm",
        "PyTorch basics: the nn package and the optimisers",
        ["autograd.md#反向传播backward-与-grad-的累加", "optim.md#训练循环"],
    ),
    (308, "1. 使用 custom nn module", "1. Custom nn modules", ["nn.md#自定义模块"]),
    (
        310,
        "2. control flow and weight sharing",
        "2. Control flow and weight sharing",
        ["nn.md#权重共享", "nn.md#动态控制流"],
    ),
    (
        312,
        "3. pytorch 中 model.train() 和 model.eval() 的区别",
        "3. model.train() versus model.eval()",
        ["modes.md#dropout训练时置零评估时直通", "modes.md#batchnorm批统计量与滑动平均"],
    ),
    (316, "8. contiguous 关键词", "8. The contiguous keyword", ["tensors-memory.md#视图步长与-contiguous"]),
    (
        320,
        "torch.Tensor 和 torch.tensor 的区别",
        "torch.Tensor versus torch.tensor",
        ["tensors.md#torchtensor-与-torchtensor"],
    ),
    (328, "tensor 和 variable 的区别", "Tensor versus Variable", ["autograd.md#variable-与-volatile-的历史"]),
    (336, "replay 重放", "Replay", "empty"),
    (
        338,
        "可视化",
        "Visualisation",
        ["visualization.md#用-tensorboardx-记录标量", "visualization.md#启动-tensorboard"],
    ),
    (367, "1. Loss可视化", "1. Visualising the loss", ["visualization.md#用-tensorboardx-记录标量"]),
    (
        373,
        "2. 输入图片和标签的可视化",
        "2. Visualising input images and labels",
        ["visualization.md#图片make_grid-与-add_image"],
    ),
    (
        379,
        "3. 单通道特征图的可视化",
        "3. Visualising one-channel feature maps",
        ["visualization.md#卷积层的特征图"],
    ),
    (393, "可视化工具 visdom", "The visualisation tool Visdom", ["visualization-more.md#visdom"]),
    (
        407,
        "model.eval() 和 model.no_grad() 的区别",
        "model.eval() versus model.no_grad()",
        ["modes.md#no_grad-到底省下了什么", "modes.md#评估时的正确写法"],
    ),
    (
        432,
        "1. argparse模块中的action参数",
        "1. argparse's action parameter",
        ["training-script.md#命令行参数"],
    ),
    (
        436,
        "pytorch 中指定gpuid的两种方式",
        "Two ways to choose the GPU id in PyTorch",
        ["gpus.md#选择可见的-gpucuda_visible_devices", "gpus.md#torchdevicecuda-与-cuda1"],
    ),
    (464, "pytorch 中的 squeeze 函数", "squeeze in PyTorch", ["tensors.md#squeeze-与-unsqueeze"]),
    (
        498,
        "PyTorch 单机多卡操作总结：分布式DataParallel，混合精度，Horovod",
        "Several GPUs in one machine: DataParallel, DDP, mixed precision, Horovod",
        ["distributed.md#数据并行"],
    ),
    (
        510,
        "NVIDIA显卡机器型号",
        "NVIDIA GPU model names",
        ["gpus.md#nvidia-gpu-代际一览", "gpus.md#查看-gpu计算能力bf16-与显存"],
    ),
    (
        518,
        "分布式计算调研",
        "A survey of distributed training",
        ["distributed-multinode.md#dataparallel一个进程带多块-gpu", "distributed.md#最小的-ddp-程序"],
    ),
    (
        548,
        "进程启动和通信",
        "Starting the processes and how they communicate",
        [
            "distributed.md#torchrun-给每个进程什么",
            "distributed-multinode.md#不用-torchrunmpspawn",
            "distributed-multinode.md#多机训练",
        ],
    ),
    (
        571,
        "混合精度（mixed precision）知识点",
        "Mixed precision: the basics",
        ["amp-formats.md#数字格式"],
    ),
    (575, "fp16 半精度", "fp16, half precision", ["amp-formats.md#数字格式"]),
    (
        579,
        "为什么要使用 fp16",
        "Why fp16",
        ["amp-formats.md#上溢下溢和被吞掉的更新"],
    ),
    (
        590,
        "解决问题的办法：混合精度训练 + 动态损失放大",
        "The fix: mixed precision training and dynamic loss scaling",
        [
            "amp-formats.md#为什么要缩放损失",
            "amp.md#gradscaler-的动态缩放",
            "amp.md#autocast-把哪些运算降精度",
        ],
    ),
    (
        640,
        "AMP（automatic mixed precision）自动混合精度包括：",
        "AMP (automatic mixed precision)",
        ["amp.md#完整的训练循环", "amp.md#已弃用的写法", "amp.md#从-apex-迁移"],
    ),
    (668, "安装", "Installing apex", ["amp.md#从-apex-迁移"]),
    (
        686,
        "方法一： 使用 dataparallel",
        "Method 1: DataParallel",
        ["distributed-multinode.md#dataparallel一个进程带多块-gpu"],
    ),
    (
        748,
        "方法二：使用 torch.distributed 加速并行训练",
        "Method 2: torch.distributed",
        [
            "distributed.md#最小的-ddp-程序",
            "distributed-multinode.md#torchdistributedlaunch-与---local_rank",
            "distributed.md#distributedsampler每个进程一份数据",
        ],
    ),
    (760, "同步BN", "Synchronised BatchNorm", ["distributed-more.md#syncbatchnorm"]),
    (
        836,
        "3 使用 apex （混合精度）训练",
        "3. Training with apex (mixed precision)",
        ["amp.md#从-apex-迁移", "distributed-more.md#ddp-下的混合精度与梯度累积"],
    ),
    (
        933,
        "（无标题：MNIST、DataLoader 与 pin_memory）",
        "(untitled: MNIST, DataLoader and pin_memory)",
        [
            "data.md#dataset-与-dataloader",
            "data.md#torchvision-的-transforms",
            "data.md#mnist把-root-指向本地文件",
            "data-loading.md#pin_memory-与-non_blocking",
        ],
    ),
    (950, "参考文献", "References", "references"),
    (
        956,
        "Horovod",
        "Horovod",
        ["horovod.md#现状最后一个版本是-2023-年的-0281", "horovod.md#训练distributedoptimizer-和两次广播"],
    ),
    (973, "使用", "Usage", ["horovod.md#启动horovodrun-与-hvdinit"]),
    (991, "对比", "Comparison", ["horovod.md#换成-torchdistributed"]),
    (1003, "拷贝", "Copies", ["tensors-memory.md#拷贝clonedetach-与-copy_"]),
    (1048, "inplace 的操作", "In-place operations", ["tensors-memory.md#原地操作与下划线后缀"]),
    (1050, "支持 broadcast", "Broadcasting", ["tensors.md#广播"]),
]


def boxes(lang: str, page: str) -> list[dict]:
    """The old-notes boxes of docs/<lang>/<page>, each with its section, anchor, text and proof."""
    lines = (DOCS / lang / page).read_text(encoding="utf-8").splitlines()
    found, used_ids = [], set()
    title, section, anchor, section_includes = "", "", "", []
    fence, i = None, 0
    while i < len(lines):
        line = lines[i]
        m = FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)
        elif (
            fence is not None
            and line.strip() == fence[0] * len(line.strip())
            and len(line.strip()) >= len(fence)
        ):
            fence = None
        if (inc := INCLUDE_LINE.match(line)) is not None:
            section_includes.append(inc["path"])
        elif fence is None and (h := HEADING.match(line)):
            text = re.sub(r"`([^`]*)`", r"\1", h.group(2))
            slug = unique(SLUG(text, "-"), used_ids)
            if len(h.group(1)) == 1:
                title = h.group(2)
            else:
                section, anchor, section_includes = h.group(2), slug, []
        elif fence is None and line.startswith(f'{BOX_MARK} warning "{BOX_TITLE[lang]}"'):
            body = []
            i += 1
            while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                body.append(lines[i][4:])
                i += 1
            proof = list(dict.fromkeys(section_includes))
            found.append(
                {
                    "page": page,
                    "title": title,
                    "section": section,
                    "anchor": anchor,
                    # a link to an anchor of the same page must name the page once the text moves
                    "text": re.sub(r"\]\(#", f"]({page}#", "\n".join(body).strip()),
                    "proof": proof,
                }
            )
            continue
        i += 1
    return found


def link(path: str, source: str) -> str:
    """A repository file, linked to its source view when the site knows where the repository lives."""
    return f"[`{path}`]({source}/blob/main/{path})" if source else f"`{path}`"


def chapters(config) -> list[str]:
    """The Markdown pages of the nav, in reading order."""
    return [p for p in nav_files(config["nav"]) if p.endswith(".md")]


def count(lang: str, pages: list[str]) -> int:
    """How many entries the errata page of `lang` has: the old-notes boxes of those pages."""
    return sum(len(boxes(lang, page)) for page in pages)


def render(lang: str, config) -> str:
    source = config.get("extra", {}).get("source_url", "").rstrip("/")
    words, out = WORDS[lang], []
    for page in chapters(config):
        entries = boxes(lang, page)
        if not entries:
            continue
        out += [f"## {entries[0]['title']}", ""]
        for n, e in enumerate(entries, 1):
            target = f"{page}#{e['anchor']}" if e["anchor"] else page
            out += [f"**{n}. [{e['section'] or e['title']}]({target})**", ""]
            out += [e["text"], ""]
            proofs = []
            for path in e["proof"]:
                item = link(path, source)
                if test := test_file_for(path):
                    item += words["with_test"].format(test=link(test, source))
                proofs.append(item)
            out += [words["proof"] + words["sep"].join(proofs) if proofs else words["no_code"], ""]
    return "\n".join(out)


def notes_table(lang: str) -> str:
    """The table of the old notes' sections and the site's sections that replace each; every target that
    does not exist is named in one error."""
    words = WORDS[lang]
    rows, errors = [words["notes_head"], "|---|---|"], []
    for _, zh_name, en_name, targets in NOTES_MAP:
        name = zh_name if lang == "zh" else en_name
        if isinstance(targets, str):
            where = words["notes_none"][targets]
        else:
            links = []
            for target in targets:
                try:
                    href, title, section = resolve(target, lang, "hooks/errata.py NOTES_MAP")
                except PluginError as exc:
                    errors.append(str(exc))
                    continue
                links.append(f"[{title}{words['notes_in']}{section}]({href})")
            where = "<br>".join(links)
        rows.append(f"| {name.replace('|', '&#124;')} | {where} |")
    if errors:
        raise PluginError("\n".join(errors))
    return "\n".join(rows)


def on_page_markdown(markdown, page, config, files):
    if MARKER not in markdown:
        return markdown
    lang = config.theme["language"]
    if lang not in BOX_TITLE:
        raise PluginError(f"{page.file.src_uri}: no errata words for language {lang!r}")
    if COUNT_MARKER in markdown:
        pages = chapters(config)
        counts = {other: count(other, pages) for other in BOX_TITLE}
        if len(set(counts.values())) != 1:
            raise PluginError(f"{page.file.src_uri}: the languages have different numbers of boxes: {counts}")
        markdown = markdown.replace(COUNT_MARKER, str(counts[lang]))
    if NOTES_MARKER in markdown:
        markdown = markdown.replace(NOTES_MARKER, notes_table(lang))
    return markdown.replace(MARKER, render(lang, config))
