"""The few words the build hooks add to pages, per site language. A language missing here fails the build."""

from mkdocs.exceptions import PluginError

TEXTS = {
    "zh": {
        "output": "输出",
        "verified": "本页输出由构建时实际运行生成",
        "verified_body": "torch {torch} · 设备 {device} · Python {python} · 运行日期 {date}",
        "report_head": "| 代码文件 | 状态 | 耗时（秒） | 设备 | torch | 运行日期 |",
        "status_ok": "通过",
    },
    "en": {
        "output": "Output",
        "verified": "Outputs on this page were produced by running the code during the build",
        "verified_body": "torch {torch} · device {device} · Python {python} · run on {date}",
        "report_head": "| File | Status | Seconds | Device | torch | Run on |",
        "status_ok": "ok",
    },
}


def texts_for(lang: str) -> dict[str, str]:
    if lang not in TEXTS:
        raise PluginError(f"hooks/texts.py has no texts for site language {lang!r}; add them there")
    return TEXTS[lang]


def verified_line(records, lang: str) -> str:
    """'torch … · device … · Python … · run on …' for the records that produced a page's outputs."""

    def joined(field):
        return ", ".join(sorted({getattr(r, field) for r in records}))

    return texts_for(lang)["verified_body"].format(
        torch=joined("torch"), device=joined("device"), python=joined("python"), date=joined("date")
    )
