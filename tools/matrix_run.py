"""Run snippets under this interpreter's torch, for the version matrix: tools/matrix.py starts
`python tools/matrix_run.py PATH...` in each release's virtual environment (with this checkout on
PYTHONPATH) and reads one JSON line per file as it finishes. Each file runs as the build runs it (the fork
server, or its launcher; the build's environment), on the CPU, so its output can be compared with the
reference build's CPU record; torchrun's ranks are fresh interpreters, not forked as in the build: what a
reader's torchrun does on that release, nothing preloaded. Standard library only, as the engine is."""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor, as_completed
from importlib.metadata import version
from pathlib import Path

from docs_runner import execute, machine
from docs_runner.errors import SnippetError
from docs_runner.spec import read_spec

# A file that hangs on an older torch (a collective some ranks never reach) is a failure there; waiting out
# its own `# timeout:` (up to 300 s) would hold every core that long. 180 s, not 90: a release's first
# torch.compile has no compiled-code cache, and 90 s timed out compile files on a busy machine (2026-12-06).
TIMEOUT_S = 180

# torch 2.4 and 2.5 keep Inductor's pool of compile workers alive for seconds after the compiling process
# ends; the engine's forked run exits without the interpreter's shutdown, so its leftover check (2 s) found
# them and failed every torch.compile file there, while `python file` on those releases runs clean. One
# compile thread starts no pool: the compiled code and the output are the same.
os.environ["TORCHINDUCTOR_COMPILE_THREADS"] = "1"
# Inductor's on-disk cache (/tmp/torchinductor_<user> by default) is shared by every torch on the machine and
# keeps a kernel that was written half: one such file made every later 2.11 run fail ("file too short"). Each
# release starts from an empty cache of its own, deleted when this process exits.
INDUCTOR_CACHE = tempfile.TemporaryDirectory(prefix="matrix-inductor-")
os.environ["TORCHINDUCTOR_CACHE_DIR"] = INDUCTOR_CACHE.name


def keep_whole(path: str, error: str) -> None:
    """The whole failure, for reading after the run: the results keep its first error line only."""
    kept = Path(__file__).resolve().parents[1] / ".cache/matrix/errors" / version("torch") / (path + ".txt")
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_text(error, encoding="utf-8")


def run(path: str, cores: execute.Cores) -> dict:
    spec = read_spec(path)
    spec = dataclasses.replace(spec, timeout=min(spec.timeout, TIMEOUT_S))
    # Two torch.compile files at once can write the same kernel of that cache, and one may load it half
    # written: a compiling file has the cores to itself.
    compiles = "torch.compile" in Path(path).read_text(encoding="utf-8")
    with cores.hold(cores.total if compiles else spec.ranks):
        try:
            # run_one with the spec changed; each rank a fresh `python`, as the reader's torchrun starts it
            record = execute._run_spec(spec, "cpu", fresh=False, fork_ranks=False)
        except SnippetError as exc:
            keep_whole(path, str(exc))
            return {"path": path, "ok": False, "error": str(exc)}
    return {"path": path, "ok": True, "output": record.output, "torch": record.torch}


def main(paths: list[str]) -> None:
    cores = execute.Cores(machine.cores())
    # Launched files (several ranks) first, as the build orders them; plain ones fill the cores around them.
    ordered = sorted(paths, key=lambda path: read_spec(path).ranks == 1)
    with ThreadPoolExecutor(max_workers=max(1, machine.cores())) as pool:
        futures = [pool.submit(run, path, cores) for path in ordered]
        for future in as_completed(futures):
            print(json.dumps(future.result()), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
