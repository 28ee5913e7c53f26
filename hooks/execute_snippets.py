"""MkDocs hook: every snippet a page includes is shown with the output of running it during this build.

A page includes code the standard way (pymdownx.snippets):

    ```python title="snippets/tensors/creation.py"
    --8<-- "snippets/tensors/creation.py"
    ```

and this hook adds, right under that fence, the output of that same file (run by the docs_runner package,
cached by content hash): labelled with the hardware when it holds measured numbers, next to a committed GPU
recording when one exists and this build has no GPU, or replaced by a plain notice when the file needs CUDA
and this build has none. The PNG files a snippet declares with `# figure:` are written into the site next to
the page, which shows each with a line `![alt text](name.png)` after the include. It also adds the page's
"verified with" note and fills the verification report, and under each include the line that says on which
torch releases the file runs (hooks/_matrix.py, from matrix/results.json).
A snippet that fails stops the build with the file name and its traceback.
"""

from __future__ import annotations

import base64
import html
import logging
import re
import struct
import threading
from pathlib import Path

from _includes import SNIPPET_FENCE  # a fence whose whole body includes a snippet file
from _matrix import (  # the torch version matrix (matrix/results.json)
    MATRIX_MARKER,
    RUNS_FROM,
    SUMMARY_MARKER,
    MatrixError,
    begin_build,
    block_markdown,
    report_markdown,
    runs_from,
    summary_markdown,
)
from _report import BENCH_MARKER, REPORT_MARKER, bench, report  # the report page, the contributors' figures
from _state import FIGURES, site_run
from _texts import texts_for, verified_line
from mkdocs.exceptions import PluginError

from docs_runner.errors import SnippetError
from docs_runner.records import Record
from docs_runner.spec import all_snippets

log = logging.getLogger("mkdocs.hooks.execute_snippets")
FIGURE_IMAGE = re.compile(r"^(?P<indent>[ \t]*)!\[(?P<alt>[^\]\n]*)\]\((?P<name>[\w-]+\.png)\)[ \t]*$", re.M)


def _start_fork_server() -> None:
    from docs_runner.forkserver.client import fork_server

    # A server that did not start is expected (said on the log; the first snippet to run tries again). Any
    # other exception is a fault of the engine: it propagates, and the thread's traceback shows on stderr.
    try:
        fork_server()
    except (SnippetError, OSError) as exc:
        log.warning("the fork server's warm-up failed: %s; the first snippet to run starts it again", exc)


def on_serve(server, config, builder):
    """Under `mkdocs serve`, start the engine's fork server (it imports torch and torchvision: 2.7 s on 2
    cores) in the background once the site is up, so the first snippet edit does not wait for it."""
    threading.Thread(target=_start_fork_server, name="fork-server-warm-up", daemon=True).start()
    return server


def on_pre_build(config):
    """Run (or fetch from cache) every snippet and notebook before any page is rendered."""
    begin_build()
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


def _register_figures(record: Record, page, drawn: dict[str, str]) -> None:
    """Keep the PNGs a snippet of this page drew (written beside the page by on_post_page); `drawn` maps each
    file name to the snippet that drew it, for _place_figures."""
    shown = FIGURES.setdefault(page.file.src_uri, {})
    for name, data in record.figures.items():
        png = base64.b64decode(data)
        if shown.setdefault(name, png) != png:
            raise PluginError(f"{page.file.src_uri}: two snippets show different figures named {name}")
        drawn[name] = record.path


def _png_size(png: bytes) -> tuple[int, int]:
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise PluginError("a figure is not a PNG file")
    return struct.unpack(">II", png[16:24])


def _place_figures(markdown: str, page, drawn: dict[str, str]) -> str:
    """The page places each figure with `![alt text in its language](name.png)` after the include: that line
    becomes the image the run drew, with its size (no layout shift) and the page's alt text. A figure the page
    does not place, an image naming no figure of the page, or empty alt text fails the build."""
    where = page.file.src_uri
    placed = set()

    def place(m: re.Match) -> str:
        name, alt = m["name"], m["alt"].strip()
        if name not in drawn:
            raise PluginError(
                f"{where}: ![...]({name}) names no figure of a snippet this page includes"
                f" (figures here: {', '.join(sorted(drawn)) or 'none'})"
            )
        if not alt:
            raise PluginError(
                f"{where}: the figure {name} needs alt text in the page's language: ![…]({name})"
            )
        placed.add(name)
        width, height = _png_size(FIGURES[where][name])
        return (
            f'{m["indent"]}<img class="snippet-figure" src="{name}" alt="{html.escape(alt, quote=True)}"'
            f' width="{width}" height="{height}" loading="lazy">'
        )

    markdown = FIGURE_IMAGE.sub(place, markdown)
    if unplaced := sorted(set(drawn) - placed):
        name = unplaced[0]
        raise PluginError(
            f"{where}: {drawn[name]} draws {name}, which the page does not show:"
            f" add a line ![alt text]({name}) after its include"
        )
    return markdown


def _verified_note(records: list[Record], lang: str) -> str:
    return f'!!! success "{texts_for(lang)["verified"]}"\n\n    {verified_line(records, lang)}\n'


def on_page_markdown(markdown, page, config, files):
    lang = config.theme["language"]
    text = texts_for(lang)
    run = site_run(config)
    used: list[Record] = []
    drawn: dict[str, str] = {}

    def add_output(match: re.Match) -> str:
        path = match["path"]
        record = run.records.get(path)
        if record is None:
            raise PluginError(f"{page.file.src_uri}: includes {path}, which is not a snippet under snippets/")
        if record.status == "ok":
            used.append(record)
        indent = match["indent"]
        _register_figures(record, page, drawn)
        versions = block_markdown(indent, path, lang, text)
        return match[0] + _shown_output(indent, record, text, run.recordings) + versions

    def release(match: re.Match) -> str:
        found = runs_from(match["path"])
        if found is None:
            raise PluginError(
                f"{page.file.src_uri}: {match[0]}, but matrix/results.json has no current result of"
                f" {match['path']} that fails on an older torch: run `make matrix`, or drop the claim"
            )
        return found

    try:
        markdown = SNIPPET_FENCE.sub(add_output, markdown)
        markdown = RUNS_FROM.sub(release, markdown)
        if MATRIX_MARKER in markdown:
            markdown = markdown.replace(MATRIX_MARKER, report_markdown(all_snippets(), lang, text))
        if SUMMARY_MARKER in markdown:
            markdown = markdown.replace(SUMMARY_MARKER, summary_markdown(all_snippets(), text))
    except MatrixError as exc:
        raise PluginError(f"{page.file.src_uri}: {exc}") from None
    markdown = _place_figures(markdown, page, drawn)
    page.meta["glightbox"] = bool(drawn)  # the zoom script (mkdocs-glightbox) only where there is a figure
    if REPORT_MARKER in markdown:
        markdown = report(markdown, text, run, config, lang)
    if BENCH_MARKER in markdown:
        markdown = markdown.replace(BENCH_MARKER, bench(text))
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
