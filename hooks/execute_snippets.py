"""MkDocs hook: every snippet a page includes is shown with the output of running it during this build.

A page includes code the standard way (pymdownx.snippets):

    ```python title="snippets/tensors/creation.py"
    --8<-- "snippets/tensors/creation.py"
    ```

and this hook adds, right under that fence, the output of that same file (run by the docs_runner package,
cached by content hash): labelled with the hardware when it holds measured numbers, next to a committed GPU
recording when one exists and this build has no GPU, or replaced by a plain notice when the file needs CUDA
and this build has none; the PNG files a snippet declares with `# figure:` follow as images, written into
the site next to the page. It also adds the page's "verified with" note and fills the verification report.
A snippet that fails stops the build with the file name and its traceback.
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

from _includes import SNIPPET_FENCE  # a fence whose whole body includes a snippet file
from _state import FIGURES, site_run
from _texts import texts_for, verified_line
from mkdocs.exceptions import PluginError

from docs_runner.paths import ROOT
from docs_runner.records import Record

REPORT_MARKER = "<!-- snippet-report -->"
BENCH_MARKER = "<!-- bench-report -->"
BENCH_FILE = ROOT / "bench" / "results.json"


def on_pre_build(config):
    """Run (or fetch from cache) every snippet and notebook before any page is rendered."""
    site_run(config)


def _fence(indent: str, body: str, title: str) -> str:
    body = body.rstrip("\n")
    longest = max((len(m) for m in re.findall(r"`+", body)), default=0)
    fence = "`" * max(3, longest + 1)
    lines = [f'{fence}{{.text .snippet-output title="{title}"}}', *body.splitlines(), fence]
    return "\n\n" + "\n".join(indent + line if line else line for line in lines)


def _notice(indent: str, title: str, body: str) -> str:
    return "\n\n" + "\n".join(indent + line for line in (f'!!! note "{title}"', "", f"    {body}"))


def _shown_output(indent: str, record: Record, text: dict, recordings: dict) -> str:
    """The fences (or notice) that go under one include."""
    recording = recordings.get(record.path)
    parts = []
    if recording is not None and recording.stale:  # never shown as current (tests fail on it too)
        parts.append(
            _notice(indent, text["recorded_stale"], text["recorded_stale_body"].format(date=recording.date))
        )
        recording = None
    if record.status == "cuda-only" and recording is None:
        parts.append(_notice(indent, text["cuda_only"], text["cuda_only_body"].format(device=record.device)))
    elif record.status == "ok" and record.output.strip():
        title = text["output"]
        if record.measured:
            title = text["output_measured"].format(hardware=record.hardware)
        parts.append(_fence(indent, record.output, title))
    if recording is not None and record.device != "cuda":
        title = text["recorded"].format(gpu=recording.gpu, torch=recording.torch, date=recording.date)
        parts.append(_fence(indent, recording.output, title))
    return "".join(parts)


def _figures(indent: str, record: Record, page) -> str:
    """An <img> per `# figure:` PNG of the run (raw HTML: the file exists only in the built site, written by
    on_post_page next to the page, so mkdocs must not look for it among the docs)."""
    shown = FIGURES.setdefault(page.file.src_uri, {})
    tags = []
    for name, data in record.figures.items():
        png = base64.b64decode(data)
        if shown.setdefault(name, png) != png:
            raise PluginError(f"{page.file.src_uri}: two snippets show different figures named {name}")
        tags.append(f'{indent}<img class="snippet-figure" src="{name}" alt="{name}">')
    return "".join(f"\n\n{tag}" for tag in tags)


def _verified_note(records: list[Record], lang: str) -> str:
    return f'!!! success "{texts_for(lang)["verified"]}"\n\n    {verified_line(records, lang)}\n'


def _status(record: Record, text: dict, recordings: dict) -> str:
    if record.status == "ok":
        return text["status_ok"]
    recording = recordings.get(record.path)
    if recording is None or recording.stale:
        return text["status_cuda_not_run"]
    return text["status_cuda_recorded"].format(gpu=recording.gpu, date=recording.date)


def _report(text: dict, run) -> str:
    rows = [text["report_head"], "|---|---|---|---:|---:|---|---|---|"]
    for path, r in sorted(run.records.items()):
        compute = (
            "—" if r.compute is None else f"{r.compute:.2f}"
        )  # launched: ranks + launcher, no one figure
        rows.append(
            f"| `{path}` | {text['kinds'][r.kind]} | {_status(r, text, run.recordings)} | {r.seconds:.2f}"
            f" | {compute} | {r.device} | {r.torch} | {r.date} |"
        )
    return "\n".join(rows)


def _bench(text: dict) -> str:
    """The figures `make bench` last wrote (bench/results.json), with the machine and date they came from."""
    if not BENCH_FILE.exists():
        return text["bench_missing"]
    b = json.loads(BENCH_FILE.read_text(encoding="utf-8"))
    rows = [text["bench_intro"].format(**b["machine"]), "", text["bench_head"], "|---|---:|"]
    # A figure the file predates shows as "—" (make bench itself builds the site before it has one);
    # tests/site/test_build.py fails until `make bench` has written every figure.
    rows += [f"| {text['bench_rows'][key]} | {b['figures'].get(key, '—')} |" for key in text["bench_rows"]]
    rows += ["", text["bench_slowest"], "", "| | s |", "|---|---:|"]
    rows += [f"| `{path}` | {seconds:.2f} |" for path, seconds in b["slowest"]]
    return "\n".join(rows)


def on_page_markdown(markdown, page, config, files):
    lang = config.theme["language"]
    text = texts_for(lang)
    run = site_run(config)
    used: list[Record] = []

    def add_output(match: re.Match) -> str:
        path = match["path"]
        record = run.records.get(path)
        if record is None:
            raise PluginError(f"{page.file.src_uri}: includes {path}, which is not a snippet under snippets/")
        if record.status == "ok":
            used.append(record)
        indent = match["indent"]
        return match[0] + _shown_output(indent, record, text, run.recordings) + _figures(indent, record, page)

    markdown = SNIPPET_FENCE.sub(add_output, markdown)
    markdown = markdown.replace(REPORT_MARKER, _report(text, run)).replace(BENCH_MARKER, _bench(text))
    if used:
        # The note goes right under the page's H1 so readers see it before the first output.
        head, sep, rest = markdown.partition("\n")
        if not head.startswith("# "):
            raise PluginError(f"{page.file.src_uri}: a page that shows outputs must start with a '# ' title")
        markdown = f"{head}\n\n{_verified_note(used, lang)}{sep}{rest}"
    return markdown


def on_post_page(output, page, config):
    """Write the page's figures into its folder of the site, where its <img> tags point."""
    for name, png in FIGURES.pop(page.file.src_uri, {}).items():
        target = Path(page.file.abs_dest_path).parent / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(png)
    return output
