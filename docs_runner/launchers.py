"""Snippets whose `# run:` names another launcher (torchrun, horovodrun), or any snippet run fresh: the
reader's command line in a new process group, each rank's output read back in rank order, the failing rank
named, and a retry for a known torch/gloo abort at interpreter exit."""

from __future__ import annotations

import glob
import re
import subprocess
import sys
import time
from pathlib import Path

from docs_runner import paths
from docs_runner.errors import SnippetError
from docs_runner.procs import kill_group, reap_leftovers, tail
from docs_runner.spec import Spec

# torch/gloo race at interpreter exit: a gloo worker thread frees a finished collective while Python shuts
# down, and the rank dies with SIGABRT after its program has finished (same mechanism as pytorch PR #179291).
# The worker needs the GIL to drop tensors that Python also saw; if Python has begun finalizing, the thread is
# killed mid-destructor. A program that exits within milliseconds of its last collective meets it most.
EXIT_ABORT = "terminate called without an active exception"
FOLLOW_ON_ERRORS = (
    "Horovod has been shut down|HorovodInternalError|[Cc]onnection (?:closed|reset) by peer|Broken pipe"
)


def command(spec: Spec, logdir: Path) -> list[str]:
    """The reader's command line with this venv's programs and the file's absolute path."""
    args = [str(paths.ROOT / a) if a == spec.path else a for a in spec.argv[1:]]
    if spec.launcher == "python":
        return [sys.executable, *args]
    if spec.launcher == "horovodrun":  # it also writes each rank's output to <logdir>/rank.N/stdout|stderr
        return [str(Path(sys.executable).with_name("horovodrun")), "--output-filename", str(logdir), *args]
    # torchrun: each rank's stdout and stderr go to their own files, read back in rank order.
    return [
        str(Path(sys.executable).with_name("torchrun")),
        "--log-dir",
        str(logdir),
        "--redirects",
        "3",
        *args,
    ]


def rank_outputs(logdir: Path, launcher: str = "torchrun") -> str:
    """Every rank's output, rank 0 first, each line prefixed with its rank (a stable order)."""
    lines = []
    if launcher == "horovodrun":  # <logdir>/rank.<N, zero-padded>/stdout, lines prefixed "[N]<stdout>:"
        ranks = {int(d.name.split(".")[1]): d for d in logdir.glob("rank.*")}
        streams = ("stdout", "stderr")
    else:  # torchrun: <logdir>/<run id>/attempt_<n>/<rank>/stdout.log; the last attempt is what counts
        found = sorted(glob.glob(str(logdir / "*" / "attempt_*" / "[0-9]*")), key=_attempt)
        ranks = {int(Path(d).name): Path(d) for d in found}
        streams = ("stdout.log", "stderr.log")
    for rank in sorted(ranks):
        for stream in streams:
            text = (ranks[rank] / stream).read_text(encoding="utf-8", errors="replace")
            text = re.sub(r"^\[\d+\]<std(?:out|err)>:", "", text, flags=re.M)
            # torch already prefixes an uncaught exception's lines with "[rankN]:"
            lines += [
                ln if ln.startswith(f"[rank{rank}]") else f"[rank{rank}] {ln}" for ln in text.splitlines()
            ]
    return "\n".join(lines) + ("\n" if lines else "")


def _attempt(folder: str) -> int:
    return int(Path(folder).parent.name.removeprefix("attempt_"))


def failed_rank(launcher_output: str, ranks: str = "") -> str | None:
    """The rank that made the job fail. torchrun names it ("Root Cause"); horovodrun names the first rank
    to exit, which may be one that Horovod stopped because another rank failed: those are passed over."""
    m = re.search(r"Root Cause.*?rank\s*:\s*(\d+)", launcher_output, re.S)
    if m:
        return m[1]
    exited = re.findall(r"^Process (\d+) exit with status code", launcher_output, re.M)
    # a rank stopped because another failed says so in Horovod's words, or its gloo link to that rank broke
    stopped = set(re.findall(rf"^\[rank(\d+)\] .*(?:{FOLLOW_ON_ERRORS})", ranks, re.M))
    return next((r for r in exited if r not in stopped), exited[0] if exited else None)


def root_cause(launcher_output: str) -> str:
    """The launcher's summary of the failure (its own traceback above it says nothing about the snippet):
    torchrun's "Root Cause" block, or each rank's exit code as horovodrun reports it."""
    m = re.search(r"^Root Cause.*?^=+$", launcher_output, re.S | re.M)
    exits = re.findall(r"^Process \d+ exit with status code \d+\.$", launcher_output, re.M)
    return m[0] if m else "\n".join(exits) or tail(launcher_output, 15)


def run_launched(spec: Spec, tmp: Path, cwd: Path, env: dict[str, str]) -> tuple[int, str]:
    """A fresh interpreter (or launcher) in its own process group; (exit code, output). The whole group
    dies on a timeout; a failure names the rank that failed first."""
    logdir = tmp / "ranks"
    launcher_log = tmp / "launcher.txt"
    mark = tmp.name  # finds the ranks that leave the launcher's process group (see live_group_members)
    with open(launcher_log, "wb") as out:
        proc = subprocess.Popen(
            command(spec, logdir),
            cwd=cwd,
            env=dict(env, DOCS_RUN=mark),
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            proc.wait(timeout=spec.timeout)
        except subprocess.TimeoutExpired:
            kill_group(proc.pid, mark)
            proc.wait()
            shown = launcher_log.read_text(errors="replace")
            shown += rank_outputs(logdir, spec.launcher) if logdir.exists() else ""
            raise SnippetError(
                f"{spec.path}: timed out after {spec.timeout} s; killed its process group\n{tail(shown)}"
            ) from None
    reap_leftovers(spec.path, proc.pid, mark=mark)
    output = launcher_log.read_text(encoding="utf-8", errors="replace")
    if spec.launcher == "python":
        return proc.returncode, output
    return proc.returncode, launched_output(spec, proc.returncode, output, logdir)


def launched_output(spec: Spec, code: int, launcher_output: str, logdir: Path) -> str:
    """The ranks' output of a launcher that exited with `code`; a failure names the rank that failed first."""
    ranks = rank_outputs(logdir, spec.launcher)
    if code != 0:
        rank = failed_rank(launcher_output, ranks)
        raise SnippetError(
            f"{spec.path} failed (exit {code})"
            + (f": rank {rank} failed first" if rank else "")
            + f"\n{tail(ranks)}\n{root_cause(launcher_output)}"
        )
    return ranks


# Measured December 2026 (2 cores): join_early_stop.py, which exited right after its last collective, aborted
# in 20-30% of runs and once three times in a row in CI; the other launched snippets about once in twenty runs
# under load (6 in 128). README "Decisions" has the measurements.
EXIT_ABORT_RETRIES = 4


def retry_exit_abort(path: str, run, errors: tuple[type[BaseException], ...] = (SnippetError,)):
    """run(), and again (at most EXIT_ABORT_RETRIES times) while it fails only by the exit abort above; any
    other failure, or the last one, stands. `errors`: the exceptions such a failure arrives as (the engine's
    SnippetError; a test that runs a file which starts torchrun itself sees the file's own RuntimeError)."""
    for _ in range(EXIT_ABORT_RETRIES):
        try:
            return run()
        except errors as exc:
            if EXIT_ABORT not in str(exc):
                raise
            note = "a rank aborted at exit (torch/gloo exit race); running it once more"
            print(f"{path}: {note}", file=sys.stderr)
            time.sleep(0.1)
    return run()
