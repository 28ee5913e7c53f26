"""The site as readers get it, for `make bench` (bench/bench.py): the per-snippet overhead of trivial
snippets, and, with the built site served compressed as GitHub Pages serves it, Lighthouse and the wait for
the first search result."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.loop import ROOT, run_group
from docs_runner.procs import start_server
from tests.site.chromium import CHROMIUM, CHROMIUM_ARGS

LIGHTHOUSE = ROOT / "bench" / "lighthouse"  # package-lock.json pins lighthouse; `make bench` runs npm ci
LIGHTHOUSE_RUNS = int(os.environ.get("LIGHTHOUSE_RUNS", "5"))  # per page; the median run is kept
LANG_ROOTS = {"zh": "", "en": "en/"}
AUDITED = {"home": "", "tensors": "tensors/", "notebook": "notebooks/train-classifier/"}
FIRST_QUERY = {"zh": "张量", "en": "tensor"}

TRIVIAL = """
import json, statistics, sys, time
from docs_runner import execute, machine
from docs_runner.forkserver.client import fork_server
paths = [f"snippets/zz_bench/t{i:03d}.py" for i in range(100)]
fork_server()  # started before the clock, as in a build it is started once
result = {}
# One at a time: the latency a single snippet pays. Then as a build runs them (one per core): what each
# costs the build's wall time, amortised, while they queue for the fork server and share the cores.
for name, jobs in (("serial", 1), ("parallel", machine.cores())):
    machine.cores = lambda jobs=jobs: jobs
    start = time.perf_counter()
    records, ran = execute.run_all(paths, "cpu", use_cache=False)
    wall = time.perf_counter() - start
    result[name] = [records[p].seconds - records[p].compute for p in paths]
    result[name + "_amortised"] = (wall - sum(records[p].compute for p in paths) / jobs) / len(paths)
print(json.dumps(result))
"""


def trivial_overheads(project: Path) -> dict:
    """100 generated trivial snippets run by the copy's engine, one at a time and then in parallel."""
    folder = project / "snippets" / "zz_bench"
    folder.mkdir()
    for i in range(100):
        (folder / f"t{i:03d}.py").write_text(f'"""Trivial."""\n\nprint({i})\n', encoding="utf-8")
    proc = run_group(
        [sys.executable, "-c", TRIVIAL], cwd=project, env=dict(os.environ, PYTHONPATH=str(project))
    )
    shutil.rmtree(folder)
    if proc.returncode != 0:
        sys.exit(f"bench: the trivial snippets failed:\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.splitlines()[-1])


def serve_compressed(site: Path):
    """The built site on 127.0.0.1, gzipped as the host serves it; (process, base URL)."""
    proc, port = start_server(
        lambda port: [sys.executable, str(LIGHTHOUSE / "serve_gzip.py"), str(site), str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return proc, f"http://127.0.0.1:{port}/"


def lighthouse(base: str) -> list[dict]:
    """run.mjs on each audited page in both languages: scores, FCP, TBT, bytes, and where points were lost."""
    if not (LIGHTHOUSE / "node_modules" / "lighthouse").is_dir():
        sys.exit("bench: lighthouse is not installed; `make bench` installs it (npm ci in bench/lighthouse)")
    cases = [(lang, page) for lang in LANG_ROOTS for page in AUDITED]
    paths = ["/" + LANG_ROOTS[lang] + AUDITED[page] for lang, page in cases]
    urls = [base + path.lstrip("/") for path in paths]
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as out:
        proc = run_group(
            ["node", str(LIGHTHOUSE / "run.mjs"), out, str(LIGHTHOUSE_RUNS), *urls],
            env=dict(os.environ, CHROME_PATH=str(CHROMIUM)),
        )
    if proc.returncode != 0:
        sys.exit(f"bench: lighthouse failed:\n{proc.stderr[-4000:]}")
    runs = json.loads(proc.stdout.splitlines()[-1])
    return [
        {"lang": lang, "page": page, "path": path, **{k: v for k, v in r.items() if k != "url"}}
        for (lang, page), path, r in zip(cases, paths, runs, strict=True)
    ]


FIRST_RESULT = """() => {
    window.__firstResult = null;
    new MutationObserver((_, observer) => {
        if (document.querySelector('.md-search-result__item')) {
            window.__firstResult = performance.now();
            observer.disconnect();
        }
    }).observe(document.body, {childList: true, subtree: true});
}"""


def first_query_ms(base: str) -> dict[str, float]:
    """Per language: open the home page, then search at once (the index may still be loading, as for a reader
    who searches first thing); milliseconds from typing the word to the first result on screen."""
    from playwright.sync_api import sync_playwright

    times = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            for lang, query in FIRST_QUERY.items():
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                page = context.new_page()
                page.goto(base + LANG_ROOTS[lang], wait_until="load")
                page.evaluate(FIRST_RESULT)
                box = page.locator("input.md-search__input")
                box.click()
                start = page.evaluate("performance.now()")
                box.fill(query)
                box.press("End")  # Material searches on keyup
                page.locator(".md-search-result__item").first.wait_for(state="visible", timeout=30_000)
                times[lang] = round(page.evaluate("window.__firstResult") - start, 1)
                context.close()
        finally:
            browser.close()
    return times


def summary(r: dict) -> str:
    """One report line for one audited page: the four scores, FCP, TBT and the bytes transferred."""
    s = r["scores"]
    return (
        f"{s['performance']} / {s['accessibility']} / {s['best-practices']} / {s['seo']}"
        f" · FCP {r['fcp_ms'] / 1000:.1f} s · TBT {r['tbt_ms']} ms · {r['transfer_bytes'] / 1024:.0f} KB"
    )
