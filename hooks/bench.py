"""`make bench`: how long building the site takes, and what its pages weigh. Prints the figures and writes
bench/results.json, which the verification report shows with the machine and date that measured them.

All builds run in a throwaway copy of the project, so the checkout's cache and site are left alone:
cold (no cache), warm (nothing changed), one edit (one snippet changed); then the per-snippet overhead of the
forked runs of the site's snippets and of 100 generated trivial snippets, the ten slowest snippets, the
weight of every page and the size of the search indexes.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from snippet_runner import ROOT, detect_device, hardware, torch_version

COPIED = [
    "mkdocs.yml",
    "pyproject.toml",
    "requirements.txt",
    "docs",
    "hooks",
    "overrides",
    "snippets",
    "examples",
    "recordings",
    "bench",
]
FORKED_KINDS = {"plain", "measured", "notebook"}  # forked children: seconds - compute is the overhead


def copy_project(target: Path) -> None:
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, target / name, ignore=shutil.ignore_patterns("__pycache__", "*.ipynb"))
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
import snippet_runner as r
paths = [f"snippets/zz_bench/t{i:03d}.py" for i in range(100)]
r.zygote()  # started before the clock, as in a build it is started once
result = {}
# One at a time: the latency a single snippet pays. Then as a build runs them (one per core): what each
# costs the build's wall time, amortised, while they queue for the fork server and share the cores.
for name, jobs in (("serial", 1), ("parallel", r.workers())):
    r.workers = lambda jobs=jobs: jobs
    start = time.perf_counter()
    records, ran = r.run_all(paths, "cpu", use_cache=False)
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
        env=dict(os.environ, PYTHONPATH=str(project / "hooks")),
        capture_output=True,
        text=True,
        check=True,
    )
    shutil.rmtree(folder)
    return json.loads(proc.stdout.splitlines()[-1])


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
