"""`make bench`: how long building the site takes, and what its pages weigh. Prints the figures and writes
bench/results.json, which the verification report shows with the machine and date that measured them.

All builds run in a throwaway copy of the project, so the checkout's cache and site are left alone:
cold (no cache), warm (nothing changed), one edit (one snippet changed), each including the second build
that makes the offline copy (hooks/offline_copy.py; its share of the warm build is reported). Then the
per-snippet overhead of the forked runs of the site's snippets and of 100 generated trivial snippets, the ten
slowest snippets, the weight of every page and the size of the search indexes. Then, with the site served
compressed as GitHub Pages serves it (bench/lighthouse/serve_gzip.py): Lighthouse (the version pinned in
bench/lighthouse, mobile preset, Debian's chromium) on the home, Tensors and a notebook page in both
languages, and the time a reader waits for the first search result when searching right after a page loaded.
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from docs_runner.machine import detect_device, hardware, torch_version
from docs_runner.paths import ROOT
from docs_runner.procs import start_server, stop_server

COPIED = [
    "mkdocs.yml",
    "pyproject.toml",
    "requirements.txt",
    "docs",
    "hooks",
    "docs_runner",
    "overrides",
    "snippets",
    "examples",
    "recordings",
    "bench",
    "tools",  # pages show tools/build_horovod.sh
]
NOT_COPIED = shutil.ignore_patterns("__pycache__", "*.ipynb", "node_modules")
FORKED_KINDS = {"plain", "measured", "notebook"}  # forked children: seconds - compute is the overhead
OFFLINE_COPY_LOG = re.compile(r"offline copy: .* built in ([\d.]+) s")  # hooks/offline_copy.py
OFFLINE_COPY_S: list[float] = []  # per timed build, in order
LIGHTHOUSE = ROOT / "bench" / "lighthouse"  # package-lock.json pins lighthouse; `make bench` runs npm ci
LIGHTHOUSE_RUNS = int(os.environ.get("LIGHTHOUSE_RUNS", "5"))  # per page; the median run is kept
LANG_ROOTS = {"zh": "", "en": "en/"}
AUDITED = {"home": "", "tensors": "tensors/", "notebook": "notebooks/train-classifier/"}
FIRST_QUERY = {"zh": "张量", "en": "tensor"}
CHROMIUM = "/usr/bin/chromium"  # Debian's package (`make browser-deps`)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def copy_project(target: Path) -> None:
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, target / name, ignore=NOT_COPIED)
        elif src.exists():
            shutil.copy2(src, target / name)


def timed_build(project: Path) -> float:
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(project / "site")],
        cwd=project,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        sys.exit(f"bench: the build failed:\n{proc.stderr[-4000:]}")
    OFFLINE_COPY_S.append(float(OFFLINE_COPY_LOG.search(proc.stderr)[1]))  # part of the time above
    return round(time.perf_counter() - start, 2)


def records(project: Path) -> list[dict]:
    return [
        json.loads(p.read_text(encoding="utf-8")) for p in (project / ".cache" / "snippets").rglob("*.json")
    ]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


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
    folder = project / "snippets" / "zz_bench"
    folder.mkdir()
    for i in range(100):
        (folder / f"t{i:03d}.py").write_text(f'"""Trivial."""\n\nprint({i})\n', encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-c", TRIVIAL],
        cwd=project,
        env=dict(os.environ, PYTHONPATH=str(project)),
        capture_output=True,
        text=True,
        check=True,
    )
    shutil.rmtree(folder)
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
        proc = subprocess.run(
            ["node", str(LIGHTHOUSE / "run.mjs"), out, str(LIGHTHOUSE_RUNS), *urls],
            env=dict(os.environ, CHROME_PATH=CHROMIUM),
            capture_output=True,
            text=True,
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
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
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


def gzip_kb(path: Path) -> float:
    return round(len(gzip.compress(path.read_bytes(), compresslevel=6)) / 1024, 1)


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        project = Path(tmp)
        copy_project(project)
        cold = timed_build(project)
        ran = records(project)
        warm = timed_build(project)
        snippet = project / "snippets" / "tensors" / "creation.py"
        snippet.write_text(snippet.read_text(encoding="utf-8") + '\nprint("bench edit")\n', encoding="utf-8")
        one_edit = timed_build(project)
        site = project / "site"
        pages = {p.relative_to(site).as_posix(): p.stat().st_size for p in site.rglob("*.html")}
        search = sum(p.stat().st_size for p in site.rglob("search_index.json"))
        offline_zip_kb = round((site / "pytorch-notes-offline.zip").stat().st_size / 1024, 1)
        indexes = {lang: site / root / "search" / "search_index.json" for lang, root in LANG_ROOTS.items()}
        index_kb = {lang: round(p.stat().st_size / 1024, 1) for lang, p in indexes.items()}
        index_gzip_kb = {lang: gzip_kb(p) for lang, p in indexes.items()}
        server, base = serve_compressed(site)
        try:
            audits = lighthouse(base)
            first_query = first_query_ms(base)
        finally:
            stop_server(server)
        trivial = trivial_overheads(project)

    overheads = [r["seconds"] - r["compute"] for r in ran if r["kind"] in FORKED_KINDS]
    compute = sum(r["compute"] if r["kind"] in FORKED_KINDS else r["seconds"] for r in ran)
    largest = max(pages, key=pages.get)
    figures = {
        "cold_build_s": cold,
        "warm_build_s": warm,
        "one_edit_build_s": one_edit,
        "compute_s": round(compute, 2),
        "overhead_median_ms": round(statistics.median(overheads) * 1000, 1),
        "overhead_p95_ms": round(percentile(overheads, 0.95) * 1000, 1),
        "trivial_median_ms": round(statistics.median(trivial["serial"]) * 1000, 1),
        "trivial_p95_ms": round(percentile(trivial["serial"], 0.95) * 1000, 1),
        "trivial_parallel_amortised_ms": round(trivial["parallel_amortised"] * 1000, 1),
        "largest_page_kb": round(pages[largest] / 1024, 1),
        "largest_page": largest,
        "pages_total_kb": round(sum(pages.values()) / 1024, 1),
        "search_index_kb": round(search / 1024, 1),
        "offline_copy_warm_s": OFFLINE_COPY_S[1],
        "offline_zip_kb": offline_zip_kb,
        **{f"search_index_{lang}_kb": kb for lang, kb in index_kb.items()},
        **{f"search_index_{lang}_gzip_kb": kb for lang, kb in index_gzip_kb.items()},
        **{f"search_first_query_{lang}_ms": ms for lang, ms in first_query.items()},
        **{f"lighthouse_{r['lang']}_{r['page']}": summary(r) for r in audits},
        **{
            f"lighthouse_{category.replace('-', '_')}_min": min(r["scores"][category] for r in audits)
            for category in ("performance", "accessibility", "best-practices", "seo")
        },
    }
    device = detect_device()
    result = {
        "machine": {
            "hardware": hardware(device),
            "device": device,
            "torch": torch_version(),
            "date": dt.datetime.now(dt.UTC).date().isoformat(),
        },
        "figures": figures,
        "floor_cold_build_s": round(1.3 * compute + 10, 2),
        "slowest": sorted(((r["path"], r["seconds"]) for r in ran), key=lambda x: -x[1])[:10],
        "pages_kb": {page: round(size / 1024, 1) for page, size in sorted(pages.items())},
        "lighthouse": audits,
    }
    out = ROOT / "bench" / "results.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    width = max(map(len, figures))
    for key, value in figures.items():
        print(f"{key:<{width}}  {value}")
    print(f"{'floor for the cold build (1.3 x compute + 10 s)':<{width}}  {result['floor_cold_build_s']}")
    print("slowest:", *(f"  {p}  {s:.2f} s" for p, s in result["slowest"]), sep="\n")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
