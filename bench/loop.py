"""The contributor's loop, for `make bench` (bench/bench.py): builds in a throwaway copy of the project, how
soon `make serve` shows an edit, what a page of 40 new snippets adds to a rebuild, and, on request,
`make test` and a fresh clone's first page.

Every command runs in a process group of its own and the group is killed when it is done, servers are
stopped by their group (docs_runner.procs), so nothing the bench starts outlives it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from dataclasses import dataclass
from pathlib import Path

from docs_runner.procs import kill_group, start_server, stop_server

ROOT = Path(__file__).resolve().parents[1]
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
RAN_LOG = re.compile(r"snippets: (\d+) ran, (\d+) from cache")  # hooks/_state.py, once per build
OFFLINE_COPY_LOG = re.compile(r"offline copy: .* built in ([\d.]+) s")  # hooks/offline_copy.py
EDITED = "snippets/tensors/creation.py"  # the snippet the edits append to; on the Tensors page
PROSE = "docs/zh/tensors.md"
PAGE = "tensors/"
POLL_S = 0.1
WAIT_S = 600  # for a served page to show an edit; a cold build under serve takes minutes
SCALE_SNIPPETS = 40


def run_group(command: list[str], timeout: float | None = None, **popen) -> subprocess.CompletedProcess:
    """Run a command in a process group of its own; whatever it started is killed when it returns."""
    popen.setdefault("stdout", subprocess.PIPE)
    popen.setdefault("stderr", subprocess.PIPE)
    proc = subprocess.Popen(command, start_new_session=True, text=True, **popen)
    try:
        out, err = proc.communicate(timeout=timeout)
    finally:
        kill_group(proc.pid)
        proc.wait()
    return subprocess.CompletedProcess(command, proc.returncode, out, err)


def build_env(**extra: str) -> dict[str, str]:
    """The caller's environment, less what would point a build elsewhere (another cache, the offline copy)."""
    away = ("SNIPPET_CACHE_DIR", "PYTORCH_NOTES_OFFLINE_COPY")
    return dict(
        {k: v for k, v in os.environ.items() if k not in away},
        NO_MKDOCS_2_WARNING="1",
        PYTHONHASHSEED="0",
        **extra,
    )


def copy_project(target: Path, warm_cache: bool = False) -> None:
    """The project's sources into `target`, with the KaTeX that `make venv` put in .cache/katex (set-up, not
    a cache); with warm_cache, the checkout's snippet records too."""
    shutil.copytree(ROOT / ".cache" / "katex", target / ".cache" / "katex")
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, target / name, ignore=NOT_COPIED)
        elif src.exists():
            shutil.copy2(src, target / name)
    if warm_cache and (ROOT / ".cache" / "snippets").is_dir():
        shutil.copytree(ROOT / ".cache" / "snippets", target / ".cache" / "snippets")


@dataclass
class Build:
    seconds: float
    ran: int  # snippets and notebooks the build ran itself (the rest came from the cache)
    log: str


def build(project: Path, **env: str) -> Build:
    """One `mkdocs build --strict` of the copy, timed; the bench stops when it fails."""
    start = time.perf_counter()
    proc = run_group(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(project / "site")],
        cwd=project,
        env=build_env(**env),
    )
    seconds = round(time.perf_counter() - start, 2)
    if proc.returncode != 0:
        sys.exit(f"bench: the build failed:\n{proc.stderr[-4000:]}")
    ran = RAN_LOG.search(proc.stderr)
    if not ran:
        sys.exit(f"bench: no 'snippets: N ran, M from cache' line in the build log:\n{proc.stderr[-2000:]}")
    return Build(seconds, int(ran[1]), proc.stderr)


def expect_ran(what: str, result: Build, expected: int) -> None:
    if result.ran != expected:
        print(f"bench: warning: {what} ran {result.ran} snippets, expected {expected}", file=sys.stderr)


def records(project: Path) -> list[dict]:
    return [
        json.loads(p.read_text(encoding="utf-8")) for p in (project / ".cache" / "snippets").rglob("*.json")
    ]


def append(file: Path, text: str) -> None:
    file.write_text(file.read_text(encoding="utf-8") + text, encoding="utf-8")


def build_figures(project: Path, quick: bool) -> tuple[dict, list[dict]]:
    """Cold (skipped when quick: the cache starts from the checkout's), warm, one edit, and the offline copy
    built once on its own (PYTORCH_NOTES_OFFLINE_COPY=1, `make offline`). Returns the figures and the
    records of every run, read after the first build."""
    copy_project(project, warm_cache=quick)
    first = build(project)
    print(f"first build: {first.seconds} s, ran {first.ran}", file=sys.stderr)
    ran = records(project)
    if not ran:
        sys.exit("bench: the copy's build left no records in its .cache/snippets")
    warm = build(project)
    expect_ran("the warm build", warm, 0)
    append(project / EDITED, '\nprint("bench edit")\n')
    one_edit = build(project)
    expect_ran("the one-edit build", one_edit, 1)
    offline = build(project, PYTORCH_NOTES_OFFLINE_COPY="1")
    zip_file = project / "site" / "pytorch-notes-offline.zip"
    copy_log = OFFLINE_COPY_LOG.search(offline.log)
    if not copy_log or not zip_file.exists():
        sys.exit(f"bench: PYTORCH_NOTES_OFFLINE_COPY=1 made no offline copy:\n{offline.log[-2000:]}")
    figures = {} if quick else {"cold_build_s": first.seconds}
    figures |= {
        "warm_build_s": warm.seconds,
        "one_edit_build_s": one_edit.seconds,
        "offline_copy_s": float(copy_log[1]),  # what `make offline` adds to a warm build
        "offline_zip_kb": round(zip_file.stat().st_size / 1024, 1),
    }
    return figures, ran


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=120) as response:  # serve holds requests while it rebuilds
        return response.read().decode("utf-8")


def seconds_until(url: str, text: str, proc: subprocess.Popen, start: float, log: Path) -> float:
    """Poll `url` every POLL_S until its page contains `text`; seconds since `start`."""
    while True:
        if proc.poll() is not None:
            sys.exit(f"bench: mkdocs serve exited:\n{log.read_text(errors='replace')[-3000:]}")
        with contextlib.suppress(OSError):
            if text in fetch(url):
                return round(time.perf_counter() - start, 2)
        if time.perf_counter() - start > WAIT_S:
            sys.exit(f"bench: {url} did not show {text!r} within {WAIT_S} s")
        time.sleep(POLL_S)


@contextlib.contextmanager
def serving(project: Path, python: str = sys.executable, log_name: str = "serve.log"):
    """`mkdocs serve --strict` (as `make serve`, on a free port) in `project`: yields (proc, base URL, seconds
    from starting it until its home page answered 200)."""
    log = project.parent / log_name
    start = time.perf_counter()
    with open(log, "wb") as out:
        try:
            proc, port = start_server(
                lambda port: [python, "-m", "mkdocs", "serve", "--strict", "--dev-addr", f"127.0.0.1:{port}"],
                timeout=WAIT_S * 3,
                cwd=project,
                env=build_env(),
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        except RuntimeError as exc:
            sys.exit(f"bench: mkdocs serve did not start: {exc}\n{log.read_text(errors='replace')[-3000:]}")
        try:
            yield proc, f"http://127.0.0.1:{port}/", round(time.perf_counter() - start, 2)
        finally:
            stop_server(proc)


def edit_compute(project: Path, token: str) -> float:
    """The compute of the edited snippet's newest record (the one that printed `token`)."""
    found = [r for r in records(project) if r["path"] == EDITED and token in r["output"]]
    if not found:
        sys.exit(f"bench: no record of {EDITED} printing {token!r} in the copy's cache")
    return found[0]["compute"]


def serve_once(project: Path, round_: int) -> dict[str, float]:
    """One `make serve` session: its first page, then a prose edit and a snippet edit seen in the page, then
    the page of SCALE_SNIPPETS new snippets (new contents each round) seen in full; what it adds to a rebuild
    per snippet is (its rebuild - the prose edit's rebuild) / SCALE_SNIPPETS."""
    log = project.parent / "serve.log"
    with serving(project) as (proc, base, first_page):
        prose = f"bench-prose-{uuid.uuid4().hex[:12]}"
        start = time.perf_counter()
        append(project / PROSE, f"\n\nBench sentence {prose}.\n")
        prose_s = seconds_until(base + PAGE, prose, proc, start, log)
        snippet = f"bench-snippet-{uuid.uuid4().hex[:12]}"
        start = time.perf_counter()
        append(project / EDITED, f'\nprint("{snippet}")\n')
        snippet_s = seconds_until(base + PAGE, snippet, proc, start, log)
        start = time.perf_counter()
        scale_page(project, round_)
        scale_s = seconds_until(base + "bench-scale/", f"Trivial, round {round_}", proc, start, log)
    scale_page(project, None)
    return {
        "serve_first_page_s": first_page,
        "serve_prose_edit_s": prose_s,
        "serve_snippet_edit_s": snippet_s,
        "serve_snippet_edit_compute_s": edit_compute(project, snippet),
        "scale_40_snippets_per_snippet_s": round((scale_s - prose_s) / SCALE_SNIPPETS, 3),
    }


def scale_page(project: Path, round_: int | None) -> None:
    """Add (round_ given; new snippet contents each round, so none is cached) or remove the page pair
    bench-scale.md with SCALE_SNIPPETS trivial snippets, and its nav entry."""
    folder = project / "snippets" / "zz_scale"
    config = project / "mkdocs.yml"
    nav, with_page = "  - report.md\n", "  - report.md\n  - bench-scale.md\n"
    if round_ is None:
        shutil.rmtree(folder, ignore_errors=True)
        for lang in ("zh", "en"):
            (project / "docs" / lang / "bench-scale.md").unlink(missing_ok=True)
        config.write_text(config.read_text(encoding="utf-8").replace(with_page, nav), encoding="utf-8")
        return
    folder.mkdir(parents=True)
    names = [f"snippets/zz_scale/s{i:02d}.py" for i in range(SCALE_SNIPPETS)]
    for i, name in enumerate(names):
        (project / name).write_text(f'"""Trivial, round {round_}."""\n\nprint({i})\n', encoding="utf-8")
    body = "".join(f'```python title="{name}"\n--8<-- "{name}"\n```\n\n' for name in names)
    for lang, title in (("zh", "基准：四十个片段"), ("en", "Bench: forty snippets")):
        (project / "docs" / lang / "bench-scale.md").write_text(f"# {title}\n\n{body}", encoding="utf-8")
    text = config.read_text(encoding="utf-8")
    if text.count(nav) != 1:
        sys.exit(f"bench: mkdocs.yml's nav has no single {nav.strip()!r} line to add the scale page after")
    config.write_text(text.replace(nav, with_page), encoding="utf-8")


def scale_once(project: Path, round_: int) -> float:
    """(build with the new page, its snippets cold) - (warm build without it), per snippet, in new build
    processes: each pays once for the fork server (torch imported, about 2.7 s) and jieba's dictionary."""
    scale_page(project, None)
    without = build(project)
    expect_ran("the warm build without the scale page", without, 0)
    scale_page(project, round_)
    with_page = build(project)
    expect_ran("the build with the scale page", with_page, SCALE_SNIPPETS)
    scale_page(project, None)
    return round((with_page.seconds - without.seconds) / SCALE_SNIPPETS, 3)


def loop_figures(project: Path, runs: int) -> dict:
    """The serve figures and the scale figure, each the median of `runs` (after build_figures)."""
    sessions = [serve_once(project, 100 + round_) for round_ in range(runs)]
    figures = {key: statistics.median(s[key] for s in sessions) for key in sessions[0]}
    build(project)  # warm again after the serve edits: the build figure compares warm builds
    figures["scale_40_snippets_build_per_snippet_s"] = statistics.median(
        scale_once(project, round_) for round_ in range(runs)
    )
    return figures


def make_test_s() -> float:
    """Wall time of `make test` in the checkout, venv present (BENCH_MAKE_TEST=1)."""
    with tempfile.NamedTemporaryFile(prefix="bench-make-test-", suffix=".log") as log:
        start = time.perf_counter()
        proc = run_group(["make", "test"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        seconds = round(time.perf_counter() - start, 1)
        if proc.returncode != 0:
            sys.exit(f"bench: make test failed after {seconds} s:\n{Path(log.name).read_text()[-3000:]}")
    return seconds


def fresh_clone_first_page_s() -> float:
    """`git clone` of the checkout, then what `make serve` does there (the venv from the local wheel cache,
    then mkdocs serve, on a free port instead of 8000), until the first page answers (BENCH_FRESH_CLONE=1)."""
    with tempfile.TemporaryDirectory(prefix="bench-clone-") as tmp:
        clone = Path(tmp) / "pytorch-notes"
        start = time.perf_counter()
        for command, cwd in ((["git", "clone", "-q", str(ROOT), str(clone)], tmp), (["make", "venv"], clone)):
            proc = run_group(command, cwd=cwd)
            if proc.returncode != 0:
                sys.exit(f"bench: {' '.join(command)} failed in the fresh clone:\n{proc.stderr[-3000:]}")
        with serving(clone, python=str(clone / ".venv" / "bin" / "python"), log_name="clone-serve.log"):
            return round(time.perf_counter() - start, 1)


def optional_figures() -> tuple[dict, dict]:
    """make_test_s and fresh_clone_first_page_s when asked for; otherwise why each was not measured."""
    figures, missing = {}, {}
    for key, switch, measure in (
        ("make_test_s", "BENCH_MAKE_TEST", make_test_s),
        ("fresh_clone_first_page_s", "BENCH_FRESH_CLONE", fresh_clone_first_page_s),
    ):
        if os.environ.get(switch) == "1":
            figures[key] = measure()
        else:
            missing[key] = f"not measured: set {switch}=1"
    return figures, missing
