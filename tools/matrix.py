"""make matrix: every snippet on every torch release of matrix/versions.toml, compared with the reference.

For each release, one at a time: a virtual environment under .cache/matrix/ with that torch, the torchvision
listed with it and the other packages the snippets import (at requirements.txt's pins, which resolve on every
release listed), then tools/matrix_run.py runs the snippets there as the build runs them (CPU, the build's
environment) and each output is compared with the reference build's CPU record of the same file:

    same      the output equals the reference's, the `# measured:` values masked as the determinism check does
    differs   it runs, with another output (the diff is kept)
    fails     it raises or exits non-zero (the first error line is kept)

Plain files run on every release; launched ones (torchrun) on the releases marked `launched = true`. Files
that need a GPU, a server or Horovod (built for the reference torch only) run on the reference alone.
Results go to matrix/results.json after every file, keyed by each file's content hash (its source and its
helpers'), so an interrupted run resumes where it stopped, and a file edited since its matrix run counts as
not yet checked (the site says so) until the next `make matrix`. The environment is deleted after each
release: the disk holds one at a time (about 6 GB). The build and the tests read the results; they never run
this.

The wheels come from a folder of this machine, as the project's own venv's do (tools/install_requirements.sh
says why pip's cache keeps nothing here): ~/.cache/pytorch-notes/matrix-wheels (PYTORCH_NOTES_MATRIX_WHEELS
elsewhere), about 22 GB for the twelve releases, since releases of one CUDA share their nvidia-* wheels;
delete it to get the disk back. Each release's set of files is resolved once (pip's dry run, with the
registry) and kept beside them as a list named after the release and what it was resolved from; what the
folder lacks is downloaded, then two pip processes install the list without resolving or compiling (about
40 s for a release, where pip's own install from the registry took 90 s to 8 min). Measured in
bench/measured.md.

    python tools/matrix.py [--release 2.6.0 ...] [--keep-venv]
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from hashlib import blake2b
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(ROOT / "hooks"))
sys.path.insert(0, str(ROOT / "tools"))

from _matrix import RESULTS, Release, content_hash, reference, releases, runs_on  # noqa: E402
from missing_wheels import pins  # noqa: E402

from docs_runner.execute import run_all  # noqa: E402
from docs_runner.launchers import EXIT_ABORT  # noqa: E402
from docs_runner.records import comparable  # noqa: E402
from docs_runner.spec import all_snippets, read_spec  # noqa: E402

WORK = ROOT / ".cache" / "matrix"
# What the snippets import besides torch and torchvision (tests/site/test_matrix.py keeps this list whole).
EXTRAS = ("numpy", "matplotlib", "scikit-learn", "tensorboard", "tensorboardX", "pillow", "ipython")
# Pins that belong to one torch build (its CUDA libraries, its compiler) are left to that release's torch.
# sympy: torch 2.5 pins sympy==1.13.1 exactly, later releases ask for >=1.13.3.
TORCH_BOUND = re.compile(r"^(torch|torchvision|triton|nvidia-|cuda-|horovod|visdom|sympy)", re.I)
DIFF_LINES = 40


def load_results() -> dict:
    if RESULTS.exists():
        return json.loads(RESULTS.read_text(encoding="utf-8"))
    return {"reference": reference(), "snippets": {}}


def save(results: dict) -> None:
    partial = RESULTS.with_suffix(".tmp")
    partial.write_text(json.dumps(results, indent=1, sort_keys=True, ensure_ascii=False) + "\n", "utf-8")
    partial.replace(RESULTS)


ERROR_LINE = re.compile(r"\b[A-Z]\w*(?:Error|Exception|Exit|Interrupt|Failed)\b(?::.*)?$")
# A C++ log line (glog: W1206 03:18:25.541000 17779 file.cpp:118] ...): torch prints such warnings while a
# failed run shuts down, after the error, so they say nothing about what failed.
CPP_LOG = re.compile(r"^[EWIF]\d{4} \d\d:\d\d:\d\d\.\d+ ")


def first_error_line(message: str) -> str:
    """What went wrong, in one line: the last line naming an exception ("AttributeError: ..."), a rank's
    prefix ("[rank0]: ") dropped, with the next line when the message goes on there ("RuntimeError:");
    else the message's first line (the runner's: the exit code or the timeout) and its last. C++ log lines
    printed while a failed run cleans up do not count."""
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    lines = [line for line in lines if not CPP_LOG.match(line)]
    found = None
    for index, line in enumerate(lines):
        match = ERROR_LINE.search(line)
        if match:
            found = match[0]
            if found.endswith(":") and index + 1 < len(lines):
                found += " " + re.sub(r"^\[rank\d+\]:\s*", "", lines[index + 1])
    # torchrun's own error says only that a rank failed; a rank that aborted at exit says why.
    aborted = any(EXIT_ABORT in line for line in lines)
    if found is not None and found.startswith("ChildFailedError") and aborted:
        found = f"{EXIT_ABORT} (a rank aborted at exit after its work: the torch/gloo exit race)"
    if found is None and not lines:
        found = "(no output)"
    elif found is None:
        found = lines[0] if len(lines) == 1 else f"{lines[0]} … {lines[-1]}"
    return found[:300]


# What a run printed can name folders of this machine: the interpreter's standard library (in a warning's
# location) and a temporary folder's random name. Written into the repository's data, and shown on the site,
# they become placeholders.
TEMP_FOLDER = re.compile(r"/tmp/tmp\w+")


def without_machine_paths(text: str) -> str:
    return TEMP_FOLDER.sub("<tmp>", text.replace(f"{sys.base_prefix}/", "<python>/"))


def compare(path: str, output: str, shown: str, venv: Path) -> dict:
    measured = read_spec(path).measured
    # The release's own interpreter (outside the copy the runs see as ROOT) is named where the reference's
    # venv is, in warnings.
    output = output.replace("<python>/", ".venv/").replace(f"{venv.relative_to(ROOT)}/", ".venv/")
    output = without_machine_paths(output)  # after: "<python>/" above is the release's own interpreter
    # A log line torch prints once per process (docs_runner/records.py ONCE_PER_PROCESS) is no difference.
    mine = comparable(output, measured)
    theirs = comparable(shown, measured)
    if mine == theirs:
        return {"result": "same"}
    diff = list(
        difflib.unified_diff(
            theirs.splitlines(), mine.splitlines(), "reference", "this release", n=1, lineterm=""
        )
    )
    kept = diff[2 : 2 + DIFF_LINES] + (
        [f"... {len(diff) - 2 - DIFF_LINES} more lines"] if len(diff) > 2 + DIFF_LINES else []
    )
    return {"result": "differs", "detail": "\n".join(kept)}


def wheel_folder() -> Path:
    default = Path.home() / ".cache" / "pytorch-notes" / "matrix-wheels"
    return Path(os.environ.get("PYTORCH_NOTES_MATRIX_WHEELS", default)).expanduser()


def pip(python: Path, *args: str, env: dict | None = None) -> None:
    command = [str(python), "-m", "pip", "--disable-pip-version-check", "-q", "--no-cache-dir", *args]
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"pip {args[0]} failed\n{done.stderr[-3000:]}")


def release_files(release: Release, wheels: Path) -> list[Path]:
    """The wheel files of the release's environment, all in `wheels`: resolved once, with the registry, and
    kept as a list named after what they were resolved from; what the folder lacks is downloaded."""
    constraints = "".join(pin + "\n" for pin in pins(ROOT / "requirements.txt") if not TORCH_BOUND.match(pin))
    # ===: exactly that version; == would also take a local build such as 2.13.0+cpu from a machine's
    # wheel folder, which the torchvision of the same release cannot load (torchvision::nms missing)
    wanted = [f"torch==={release.torch}", f"torchvision==={release.torchvision}", *EXTRAS]
    key = blake2b("\n".join([*wanted, constraints, sys.version]).encode(), digest_size=8).hexdigest()
    listing = wheels / f"torch-{release.torch}-{key}.txt"
    wheels.mkdir(parents=True, exist_ok=True)
    if not listing.exists():
        WORK.mkdir(parents=True, exist_ok=True)
        (WORK / "constraints.txt").write_text(constraints)
        report = WORK / "resolved.json"
        env = dict(os.environ, PIP_CONSTRAINT=str(WORK / "constraints.txt"))  # not a machine-wide cap
        resolve = ["install", "--dry-run", "--ignore-installed", "--report", str(report)]
        pip(Path(sys.executable), *resolve, "--find-links", str(wheels), *wanted, env=env)
        urls = [item["download_info"]["url"] for item in json.loads(report.read_text())["install"]]
        listing.write_text("".join(url.rsplit("/", 1)[1] + "\n" for url in urls))
        missing = [url for url in urls if not (wheels / url.rsplit("/", 1)[1]).exists()]
        if missing:
            print(f"torch {release.torch}: downloading {len(missing)} files into {wheels}", flush=True)
            pip(Path(sys.executable), "download", "--no-deps", "-d", str(wheels), *missing)
    files = [wheels / name for name in listing.read_text().split()]
    absent = [f.name for f in files if not f.exists()]
    if absent:  # deleted by hand since: resolve again
        listing.unlink()
        return release_files(release, wheels)
    return files


def make_venv(release: Release, venv: Path) -> float:
    """A fresh environment with the release's torch; returns the seconds it took."""
    start = time.perf_counter()
    wanted = f"torch=={release.torch} torchvision=={release.torchvision}\n"
    marker = venv / "release.txt"
    if marker.exists() and marker.read_text() == wanted:  # kept by --keep-venv: reuse it
        return 0.0
    shutil.rmtree(venv, ignore_errors=True)
    files = release_files(release, wheel_folder())
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    # The resolved set needs no resolving: two pip processes unpack halves of equal size at once. No
    # compiling: the first process that imports a module writes its bytecode (make leaves it on).
    halves: list[list[Path]] = [[], []]
    for file in sorted(files, key=lambda f: f.stat().st_size, reverse=True):
        smaller = min(halves, key=lambda half: sum(f.stat().st_size for f in half))
        smaller.append(file)
    python = venv / "bin" / "python"
    command = [str(python), "-m", "pip", "--disable-pip-version-check", "-q", "install"]
    command += ["--no-index", "--no-deps", "--no-compile"]
    pips = []
    for half in halves:
        pips.append(subprocess.Popen([*command, *map(str, half)], stderr=subprocess.PIPE, text=True))
    errors = [proc.communicate()[1] for proc in pips]
    if any(proc.returncode for proc in pips):
        sys.exit(f"torch {release.torch}: pip install failed\n{''.join(errors)[-3000:]}")
    check = (
        "import torch, torchvision; torchvision.ops.nms; print(torch.__version__, torchvision.__version__)"
    )
    loaded = subprocess.run([str(venv / "bin" / "python"), "-c", check], capture_output=True, text=True)
    found = [v.split("+")[0] for v in loaded.stdout.split()]  # PyPI's wheels say e.g. 2.13.0+cu130
    if loaded.returncode != 0 or found != [release.torch, release.torchvision]:
        what = loaded.stdout.strip()
        sys.exit(f"torch {release.torch}: the environment loads {what!r}\n{loaded.stderr[-2000:]}")
    marker.write_text(wanted)
    return time.perf_counter() - start


def make_tree() -> Path:
    """A copy of the engine and the snippets whose warning policy prints warnings instead of raising them.
    The build raises on any warning it does not allow (pyproject.toml's filterwarnings, "error" first) to
    keep the site's own code clean; an older torch warns about other things, which a reader sees as a
    warning, not a failure, so here it is part of the output (a "differs"). Runs see this copy as ROOT."""
    tree = WORK / "tree"
    shutil.rmtree(tree, ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__")
    for folder in ("docs_runner", "snippets"):
        shutil.copytree(ROOT / folder, tree / folder, ignore=ignore)
    shutil.copy2(ROOT / "requirements.txt", tree / "requirements.txt")
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    if '    "error",\n' not in pyproject:
        sys.exit('pyproject.toml\'s filterwarnings no longer starts with "error": update tools/matrix.py')
    (tree / "pyproject.toml").write_text(pyproject.replace('    "error",\n', '    "default",\n', 1), "utf-8")
    return tree


def disk_use(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file() and not f.is_symlink())


def run_release(release: Release, todo: list[str], results: dict, shown: dict, step: str, keep: bool) -> int:
    version = release.torch
    venv = WORK / "venv"
    WORK.mkdir(parents=True, exist_ok=True)
    seconds = make_venv(release, venv)
    peak = disk_use(venv)
    print(f"{step} torch {version}: environment ready in {seconds:.0f} s, {peak / 2**30:.1f} GiB", flush=True)
    tree = make_tree()
    env = dict(os.environ, PYTHONPATH=str(tree))
    command = [str(venv / "bin" / "python"), str(ROOT / "tools" / "matrix_run.py"), *todo]
    done = 0
    with subprocess.Popen(command, cwd=tree, env=env, stdout=subprocess.PIPE, text=True) as proc:
        for line in proc.stdout:
            answer = json.loads(line)
            path = answer["path"]
            if answer["ok"]:
                outcome = compare(path, answer["output"], shown[path], venv)
            else:
                error = answer["error"].replace(f"{venv}/", ".venv/").replace(f"{WORK / 'tree'}/", "")
                outcome = {"result": "fails", "detail": first_error_line(without_machine_paths(error))}
            entry = results["snippets"][path]
            entry["runs"][version] = outcome
            save(results)
            done += 1
            print(f"{step} torch {version}: {done}/{len(todo)} {outcome['result']:8} {path}", flush=True)
    if proc.returncode != 0:
        sys.exit(f"torch {version}: tools/matrix_run.py exited with {proc.returncode}")
    if not keep:
        shutil.rmtree(venv)
    return peak


def merge(files: list[Path]) -> None:
    """One results file from several (one CI job per release): for each file as it is now, the runs of every
    release that some job ran on this very content."""
    ref = reference()
    merged = {"reference": ref, "snippets": {}}
    for path in all_snippets():
        merged["snippets"][path] = {"hash": content_hash(path), "runs": {}}
    for file in files:
        data = json.loads(file.read_text(encoding="utf-8"))
        if data.get("reference") != ref:
            continue
        for path, entry in data["snippets"].items():
            mine = merged["snippets"].get(path)
            if mine is not None and entry["hash"] == mine["hash"]:
                mine["runs"].update(entry["runs"])
    save(merged)
    print(f"merged {len(files)} files into {RESULTS.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--release", action="append", help="only this torch version (repeatable)")
    parser.add_argument("--keep-venv", action="store_true", help="keep the last environment (for a look)")
    parser.add_argument("--merge", nargs="+", type=Path, help="only merge these results files (CI's jobs)")
    args = parser.parse_args()
    if args.merge:
        merge(args.merge)
        return
    start = time.perf_counter()
    ref = reference()
    results = load_results()
    if results.get("reference") != ref:  # every comparison was against another reference: start again
        results = {"reference": ref, "snippets": {}}
    snippets = all_snippets()
    for path in list(results["snippets"]):
        if path not in snippets:
            del results["snippets"][path]
    for path in snippets:
        digest = content_hash(path)
        entry = results["snippets"].get(path)
        if entry is None or entry["hash"] != digest:  # new or edited: its old results say nothing now
            results["snippets"][path] = {"hash": digest, "runs": {}}
    save(results)
    print("reference: the build's CPU records (run now only what the cache lacks)", flush=True)
    shown = {path: record.output for path, record in run_all(None, "cpu")[0].items()}
    wanted = [r for r in releases() if r.torch != ref and (not args.release or r.torch in args.release)]
    peak = 0
    for index, release in enumerate(wanted, 1):
        todo = [
            path
            for path in snippets
            if runs_on(path, release) and release.torch not in results["snippets"][path]["runs"]
        ]
        step = f"[{index}/{len(wanted)}]"
        if not todo:
            print(f"{step} torch {release.torch}: nothing left to run", flush=True)
            continue
        peak = max(peak, run_release(release, todo, results, shown, step, args.keep_venv))
    minutes = (time.perf_counter() - start) / 60
    print(f"matrix: {len(wanted)} releases in {minutes:.1f} min; largest environment {peak / 2**30:.1f} GiB")


if __name__ == "__main__":
    main()
