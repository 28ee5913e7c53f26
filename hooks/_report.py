"""The verification report and the contributors' build figures, filled in by hooks/execute_snippets.py where a
page has REPORT_MARKER (docs/<lang>/report.md) or BENCH_MARKER (docs/<lang>/contributing.md). Private helper.

The report opens with a summary computed from this build's run: how many files it used, how many ran now and
how many came from the cache (all passed: a failure stops the build), which CUDA-only files show a GPU
recording (and of which dates) or nothing, and whether every file has its test. Then one table per page, in
nav order: each file, the sections that include it (links the strict build checks), its status and its test
file (a repository link, made only when the file exists).
"""

from __future__ import annotations

import json
import re

from _pages import nav_files, outline, test_file_for

from docs_runner.paths import ROOT

REPORT_MARKER = "<!-- snippet-report -->"  # the tables (and the summary, where SUMMARY_MARKER is absent)
SUMMARY_MARKER = "<!-- snippet-summary -->"
BENCH_MARKER = "<!-- bench-report -->"
BENCH_FILE = ROOT / "bench" / "results.json"
DOCS = ROOT / "docs"
# Pages that show a chapter's file as an example of something else: a file is listed under its chapter.
NOT_CHAPTERS = {"index.md", "running.md", "errata.md", "report.md", "glossary.md", "contributing.md"}


def _status(record, text: dict, recordings: dict) -> str:
    if record.status == "ok":
        return text["status_ok"]
    recording = recordings.get(record.path)
    if recording is None or recording.stale:
        return text["status_cuda_not_run"]
    return text["status_cuda_recorded"].format(gpu=recording.gpu, date=recording.date)


def _test_link(test: str | None, source: str) -> str:
    """The test file, by name, linked to its source view when the site knows where the repository lives."""
    if test is None:
        return "—"
    return f"[`{test.rsplit('/', 1)[-1]}`]({source}/blob/main/{test})" if source else f"`{test}`"


def _notebook_title(example: str, lang: str) -> str:
    """The H1 of the example's markdown cells in `lang` (the notebook page's title)."""
    source = (ROOT / example).read_text(encoding="utf-8")
    part = source.split(f'# %% [markdown] lang="{lang}"', 1)[-1]
    found = re.search(r"^# # (.+)$", part, re.M)
    return found[1].strip() if found else example


def places(lang: str, nav) -> tuple[list[tuple[str, str]], dict[str, list[tuple[int, str, str, int]]]]:
    """The site's pages in reading order as (link target, title), and for each file the places that show it:
    (index of its page, link to the section or page, text of that link, position among the page's includes).
    Pages not in the nav come last."""
    pages = [p for p in nav_files(nav) if p.endswith((".md", ".ipynb"))]
    pages += sorted({p.name for p in (DOCS / lang).glob("*.md")} - set(pages))
    order, found = [], {}
    for page in pages:
        if page.endswith(".ipynb"):
            example = (
                f"examples/{page.removeprefix('notebooks/').removesuffix('.ipynb').replace('-', '_')}.py"
            )
            if not (ROOT / example).is_file():
                continue
            title = _notebook_title(example, lang)
            found.setdefault(example, []).append((len(order), page, title, 0))
            order.append((page, title))
            continue
        if not (DOCS / lang / page).is_file():
            continue
        title, sections, includes = outline(lang, page)
        for seq, (path, where) in enumerate(includes):
            if where < 0:
                target, shown = page, title
            else:
                _, shown, anchor = sections[where]
                target = f"{page}#{anchor}"
            if all(e[:2] != (len(order), target) for e in found.setdefault(path, [])):
                found[path].append((len(order), target, shown, seq))
        order.append((page, title))
    return order, found


def _summary(text: dict, run, with_test: list[str], without: list[str]) -> str:
    records = run.records.values()
    ok = [r for r in records if r.status == "ok"]
    ran = set(run.ran)
    cuda = [r for r in records if r.status != "ok"]
    lines = [
        text["summary_files"].format(total=len(run.records)),
        text["summary_ok"].format(
            ok=len(ok), ran=sum(r.path in ran for r in ok), cached=sum(r.path not in ran for r in ok)
        ),
    ]
    if cuda:
        recorded = [run.recordings[r.path] for r in cuda if r.path in run.recordings]
        recorded = [rec for rec in recorded if not rec.stale]
        parts = []
        if recorded:
            dates = ", ".join(sorted({rec.date for rec in recorded}))
            parts.append(text["summary_cuda_recorded"].format(n=len(recorded), dates=dates))
        if len(cuda) > len(recorded):
            parts.append(text["summary_cuda_missing"].format(n=len(cuda) - len(recorded)))
        lines.append(
            text["summary_cuda"].format(n=len(cuda), device=run.device)
            + text["sep"].join(parts)
            + text["end"]
        )
    else:
        lines.append(text["summary_no_cuda"].format(device=run.device))
    if without:
        missing = text["sep"].join(f"`{path}`" for path in without)
        lines.append(text["summary_tests_some"].format(n=len(with_test), missing=missing))
    else:
        lines.append(text["summary_tests_all"])
    body = "\n".join(f"    - {line}" for line in lines)
    return f'!!! success "{text["summary_title"]}"\n\n{body}\n'


def report(markdown: str, text: dict, run, config, lang: str) -> str:
    """The page with the summary at SUMMARY_MARKER and, at REPORT_MARKER, a table per page of the files it
    shows (in nav order), then the files no page shows."""
    source = (config.extra.get("source_url") or "").rstrip("/")
    order, found = places(lang, config["nav"])
    tests = {path: test_file_for(path) for path in run.records}
    with_test = sorted(p for p, t in tests.items() if t)
    without = sorted(p for p, t in tests.items() if not t)

    def home(path: str) -> tuple[int, int]:
        """(index of the page the file is listed under, its position among that page's includes)."""
        shown = found.get(path, [])
        chapters = [e for e in shown if order[e[0]][0] not in NOT_CHAPTERS] or shown
        return (chapters[0][0], chapters[0][3]) if chapters else (len(order), 0)

    groups: dict[int, list[str]] = {}
    for path in sorted(run.records, key=lambda p: (home(p), p)):
        groups.setdefault(home(path)[0], []).append(path)
    summary, out = _summary(text, run, with_test, without), []
    if SUMMARY_MARKER not in markdown:
        out.append(summary)
    for index, paths in sorted(groups.items()):
        title = order[index][1] if index < len(order) else text["report_nowhere"]
        out += ["", f"## {title}", "", text["report_head"], "|---|---|---|---|---|---:|---|"]
        for path in paths:
            r = run.records[path]
            where = "<br>".join(f"[{shown}]({target})" for _, target, shown, _ in found.get(path, [])) or "—"
            out.append(
                f"| `{path}` | {where} | {text['kinds'][r.kind]} | {_status(r, text, run.recordings)}"
                f" | {r.device} · torch {r.torch} · {r.date} | {r.seconds:.2f}"
                f" | {_test_link(tests[path], source)} |"
            )
    return markdown.replace(SUMMARY_MARKER, summary).replace(REPORT_MARKER, "\n".join(out).lstrip("\n"))


def bench(text: dict) -> str:
    """The figures `make bench` last wrote (bench/results.json), with the machine and date they came from (a
    carried-over figure with its own date)."""
    if not BENCH_FILE.exists():
        return text["bench_missing"]
    b = json.loads(BENCH_FILE.read_text(encoding="utf-8"))
    rows = [text["bench_intro"].format(**b["machine"]), "", text["bench_head"], "|---|---:|"]
    # A figure the file predates shows as "—" (make bench itself builds the site before it has one);
    # tests/site/test_build.py fails until `make bench` has written every figure. One that a quick run
    # carried over from an earlier run shows the date it was measured, not the intro's.
    carried = b.get("carried_over", {})

    def value(key: str) -> str:
        shown = b["figures"].get(key, "—")
        return f"{shown} ({carried[key]})" if key in carried else f"{shown}"

    rows += [f"| {text['bench_rows'][key]} | {value(key)} |" for key in text["bench_rows"]]
    rows += ["", text["bench_slowest"], "", "| | s |", "|---|---:|"]
    rows += [f"| `{path}` | {seconds:.2f} |" for path, seconds in b["slowest"]]
    return "\n".join(rows)
