"""MkDocs hook: every snippet a page includes is shown with the output of running it during this build.

A page includes code the standard way (pymdownx.snippets):

    ```python title="snippets/tensors/creation.py"
    --8<-- "snippets/tensors/creation.py"
    ```

and this hook adds, right under that fence, the output of that same file (run by hooks/snippet_runner.py,
cached by content hash). It also adds the page's "verified with" note and fills the verification report.
A snippet that fails stops the build with the file name and its traceback.
"""

from __future__ import annotations

import logging
import re

from mkdocs.exceptions import PluginError
from snippet_runner import RECORDS, Record, SnippetError, detect_device, run_all
from texts import texts_for, verified_line

log = logging.getLogger("mkdocs.hooks.execute_snippets")

# A fence whose whole body is one include of a snippet file (optionally a :section of it).
INCLUDE_FENCE = re.compile(
    r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})python\b[^\n]*\n"
    r'(?P=indent)--8<-- "(?P<path>snippets/[^":]+\.py)(?::[\w-]+)?"[ \t]*\n'
    r"(?P=indent)(?P=fence)[ \t]*$",
    re.MULTILINE,
)
REPORT_MARKER = "<!-- snippet-report -->"


def on_pre_build(config):
    """Run (or fetch from cache) all snippets before any page is rendered; once per language build."""
    try:
        records, ran = run_all(device=detect_device())
    except SnippetError as exc:
        raise PluginError(f"snippet run failed:\n{exc}") from None
    RECORDS.clear()  # this hook runs first; hooks/notebooks.py adds its records after
    RECORDS.update(records)
    log.info("snippets: %d ran, %d from cache", len(ran), len(records) - len(ran))


def _output_fence(indent: str, record: Record, label: str) -> str:
    body = record.output.rstrip("\n")
    if not body:
        return ""
    longest = max((len(m) for m in re.findall(r"`+", body)), default=0)
    fence = "`" * max(3, longest + 1)
    lines = [f'{fence}{{.text .snippet-output title="{label}"}}', *body.splitlines(), fence]
    return "\n\n" + "\n".join(indent + line if line else line for line in lines)


def _verified_note(records: list[Record], lang: str) -> str:
    return f'!!! success "{texts_for(lang)["verified"]}"\n\n    {verified_line(records, lang)}\n'


def _report(text: dict) -> str:
    rows = [text["report_head"], "|---|---|---:|---|---|---|"]
    for path, r in sorted(RECORDS.items()):
        status = text["status_ok"] if r.status == "ok" else r.status
        rows.append(f"| `{path}` | {status} | {r.seconds:.2f} | {r.device} | {r.torch} | {r.date} |")
    return "\n".join(rows)


def on_page_markdown(markdown, page, config, files):
    lang = config.theme["language"]
    text = texts_for(lang)
    used: list[Record] = []

    def add_output(match: re.Match) -> str:
        path = match["path"]
        record = RECORDS.get(path)
        if record is None:
            raise PluginError(f"{page.file.src_uri}: includes {path}, which is not a file under snippets/")
        used.append(record)
        return match[0] + _output_fence(match["indent"], record, text["output"])

    markdown = INCLUDE_FENCE.sub(add_output, markdown)
    if REPORT_MARKER in markdown:
        markdown = markdown.replace(REPORT_MARKER, _report(text))
    if used:
        # The note goes right under the page's H1 so readers see it before the first output.
        head, sep, rest = markdown.partition("\n")
        if not head.startswith("# "):
            raise PluginError(f"{page.file.src_uri}: a page that shows outputs must start with a '# ' title")
        markdown = f"{head}\n\n{_verified_note(used, lang)}{sep}{rest}"
    return markdown
