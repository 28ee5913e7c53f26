"""`make bench`: how long building the site takes, how soon `make serve` shows an edit, and what its pages
weigh. Prints the figures and writes bench/results.json, which the verification report shows with the machine
and date that measured them.

Everything runs in a throwaway copy of the project (bench/loop.py; bench/reader.py measures what readers
get), so the checkout's cache and site are left alone: cold (no cache), warm (nothing changed) and one-edit
(one snippet changed) builds; the offline copy built once on its own (PYTORCH_NOTES_OFFLINE_COPY=1, `make
offline`) and its zip. Then the per-snippet overhead of the forked runs of the site's snippets and of 100
generated trivial snippets, the ten slowest snippets, the weight of every page and the size of the search
indexes. With the site served compressed as GitHub Pages serves it (bench/lighthouse/serve_gzip.py):
Lighthouse (the version pinned in bench/lighthouse, mobile preset, Debian's chromium) on the home, Tensors
and a notebook page in both languages, and the time a reader waits for the first search result when
searching right after a page loaded. Then the contributor's loop under `mkdocs serve`: the first page, a
prose edit and a snippet edit seen in the page, and what a page of 40 new trivial snippets adds to a
rebuild; on request `make test` (BENCH_MAKE_TEST=1) and a fresh clone's first page (BENCH_FRESH_CLONE=1).
The loop's floors (warm build, prose edit, snippet edit, 40 snippets) are printed and kept with the figures.

BENCH_QUICK=1: a smoke run. No cold build (the copy starts with the checkout's cache, so the records behind
compute_s, the overheads and the slowest snippets are the checkout's), no Lighthouse, each loop figure once;
figures it did not measure are carried over from the previous bench/results.json, and results.json names
each with the date it was measured ("carried_over").
"""

from __future__ import annotations

import datetime as dt
import gzip
import json
import os
import signal
import statistics
import sys
import tempfile
from pathlib import Path

# A contributor tool run from the checkout (`python bench/bench.py`): import from the repository root, not
# from bench/ (where this file would shadow the bench/ folder).
sys.path[0] = str(Path(__file__).resolve().parents[1])

from bench import loop  # noqa: E402
from bench.reader import LANG_ROOTS, first_query_ms, lighthouse, serve_compressed, summary, trivial_overheads  # noqa: E402
from docs_runner.machine import detect_device, hardware, torch_version  # noqa: E402
from docs_runner.paths import ROOT  # noqa: E402
from docs_runner.procs import stop_server  # noqa: E402
from tests.site.chromium import CHROMIUM  # noqa: E402

QUICK = os.environ.get("BENCH_QUICK") == "1"
RESULTS = ROOT / "bench" / "results.json"
FORKED_KINDS = {"plain", "measured", "notebook"}  # forked children: seconds - compute is the overhead
LOOP_RUNS = 1 if QUICK else 3  # serve sessions and scale pages; the median is kept
# What a quick run does not measure (the previous results' values are carried over) and the optional figures.
QUICK_SKIPS = (
    "cold_build_s",
    "lighthouse_",
    "search_first_query_",
    "make_test_s",
    "fresh_clone_first_page_s",
)
FLOORS = {  # the floors for the loop (the snippet edit's: its own compute + 3 s)
    "warm_build_s": 5.0,
    "serve_prose_edit_s": 3.0,
    "scale_40_snippets_per_snippet_s": 0.1,
}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def gzip_kb(path: Path) -> float:
    return round(len(gzip.compress(path.read_bytes(), compresslevel=6)) / 1024, 1)


def weight_figures(site: Path) -> tuple[dict, dict[str, int]]:
    """Page weights and search index sizes of the built site; (figures, bytes per page)."""
    pages = {p.relative_to(site).as_posix(): p.stat().st_size for p in site.rglob("*.html")}
    search = sum(p.stat().st_size for p in site.rglob("search_index.json"))
    indexes = {lang: site / root / "search" / "search_index.json" for lang, root in LANG_ROOTS.items()}
    largest = max(pages, key=pages.get)
    figures = {
        "largest_page_kb": round(pages[largest] / 1024, 1),
        "largest_page": largest,
        "pages_total_kb": round(sum(pages.values()) / 1024, 1),
        "search_index_kb": round(search / 1024, 1),
        **{f"search_index_{lang}_kb": round(p.stat().st_size / 1024, 1) for lang, p in indexes.items()},
        **{f"search_index_{lang}_gzip_kb": gzip_kb(p) for lang, p in indexes.items()},
    }
    return figures, pages


def browser_figures(site: Path) -> tuple[dict, list[dict]]:
    """Lighthouse (not when quick) and the first search's wait (when Chromium is there, or not quick)."""
    audits, figures = [], {}
    if QUICK and not CHROMIUM.exists():
        print(f"bench: no {CHROMIUM}, so no first-search wait (make browser-deps)", file=sys.stderr)
        return figures, audits
    server, base = serve_compressed(site)
    try:
        audits = [] if QUICK else lighthouse(base)
        figures |= {f"search_first_query_{lang}_ms": ms for lang, ms in first_query_ms(base).items()}
    finally:
        stop_server(server)
    figures |= {f"lighthouse_{r['lang']}_{r['page']}": summary(r) for r in audits}
    for category in ("performance", "accessibility", "best-practices", "seo") if audits else ():
        lowest = min(r["scores"][category] for r in audits)
        figures[f"lighthouse_{category.replace('-', '_')}_min"] = lowest
    return figures, audits


def overhead_figures(ran: list[dict], trivial: dict) -> dict:
    overheads = [r["seconds"] - r["compute"] for r in ran if r["kind"] in FORKED_KINDS]
    compute = sum(r["compute"] if r["kind"] in FORKED_KINDS else r["seconds"] for r in ran)
    return {
        "compute_s": round(compute, 2),
        "overhead_median_ms": round(statistics.median(overheads) * 1000, 1),
        "overhead_p95_ms": round(percentile(overheads, 0.95) * 1000, 1),
        "trivial_median_ms": round(statistics.median(trivial["serial"]) * 1000, 1),
        "trivial_p95_ms": round(percentile(trivial["serial"], 0.95) * 1000, 1),
        "trivial_parallel_amortised_ms": round(trivial["parallel_amortised"] * 1000, 1),
    }


def measure() -> tuple[dict, list[dict], dict[str, int], list[dict]]:
    """Every figure, in a throwaway copy; (figures, records, page bytes, Lighthouse runs)."""
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        project = Path(tmp) / "project"  # the serve logs go beside it, in tmp
        project.mkdir()
        figures, ran = loop.build_figures(project, QUICK)
        weights, pages = weight_figures(project / "site")
        browser, audits = browser_figures(project / "site")
        trivial = trivial_overheads(project)
        figures |= loop.loop_figures(project, LOOP_RUNS)
    figures |= overhead_figures(ran, trivial) | weights | browser
    optional, missing = loop.optional_figures()
    figures |= optional
    for key, why in missing.items():
        figures[key] = "—"  # the report's mark for a figure not measured
        print(f"bench: {key} {why}", file=sys.stderr)
    return figures, ran, pages, audits


def carried_over(figures: dict) -> dict[str, str]:
    """BENCH_QUICK: the previous results' figures this run did not measure, kept; {figure: date measured}."""
    if not QUICK or not RESULTS.exists():
        return {}
    previous = json.loads(RESULTS.read_text(encoding="utf-8"))
    kept = {
        k: v
        for k, v in previous["figures"].items()
        if k.startswith(QUICK_SKIPS) and figures.get(k, "—") == "—" and v != "—"
    }
    figures |= kept
    dates = previous.get("carried_over", {})  # a quick run's own carried-over figures keep their date
    return {k: dates.get(k, previous["machine"]["date"]) for k in sorted(kept)}


def floors(figures: dict) -> dict[str, tuple[float, bool]]:
    """Each loop floor: (floor, held)."""
    limits = dict(FLOORS)
    if isinstance(figures.get("serve_snippet_edit_compute_s"), int | float):
        limits["serve_snippet_edit_s"] = round(figures["serve_snippet_edit_compute_s"] + 3, 2)
    return {
        key: (limit, figures[key] <= limit)
        for key, limit in limits.items()
        if isinstance(figures.get(key), int | float)
    }


def write_results(figures: dict, ran: list[dict], pages: dict[str, int], audits: list[dict]) -> dict:
    device = detect_device()
    compute = figures["compute_s"]
    result = {
        "machine": {
            "hardware": hardware(device),
            "device": device,
            "torch": torch_version(),
            "date": dt.datetime.now(dt.UTC).date().isoformat(),
        },
        "quick": QUICK,
        "figures": figures,
        "floor_cold_build_s": round(1.3 * compute + 10, 2),
        "floors": {key: {"floor": limit, "held": held} for key, (limit, held) in floors(figures).items()},
        "slowest": sorted(((r["path"], r["seconds"]) for r in ran), key=lambda x: -x[1])[:10],
        "pages_kb": {page: round(size / 1024, 1) for page, size in sorted(pages.items())},
        "lighthouse": audits,
    }
    if carry := carried_over(figures):
        result["carried_over"] = carry
        if not audits:  # Lighthouse's runs belong with its carried-over figures
            result["lighthouse"] = json.loads(RESULTS.read_text(encoding="utf-8")).get("lighthouse", [])
    RESULTS.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return result


def report(result: dict) -> None:
    figures = result["figures"]
    carried = result.get("carried_over", {})
    width = max(map(len, figures))
    for key, value in figures.items():
        note = f"  (carried over from {carried[key]})" if key in carried else ""
        if key in result["floors"]:
            floor = result["floors"][key]
            note = f"  floor {floor['floor']}: {'held' if floor['held'] else 'MISSED'}"
        print(f"{key:<{width}}  {value}{note}")
    print(f"{'floor for the cold build (1.3 x compute + 10 s)':<{width}}  {result['floor_cold_build_s']}")
    print("slowest:", *(f"  {p}  {s:.2f} s" for p, s in result["slowest"]), sep="\n")
    print(f"wrote {RESULTS.relative_to(ROOT)}")


def main() -> None:
    if sys.argv[1:]:  # no options (--help included): the environment switches above say what to run
        print(__doc__)
        return
    # A SIGTERM (a CI timeout, kill) unwinds like Ctrl-C: servers are stopped and the copy removed.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("bench: terminated"))
    report(write_results(*measure()))


if __name__ == "__main__":
    main()
