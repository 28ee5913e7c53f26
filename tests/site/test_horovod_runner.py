"""horovodrun snippets run as their `# run:` line says: every rank's output in rank order, a crashed or killed
rank fails the run within its timeout naming the file and the rank, nothing is left behind (horovodrun starts
each rank in a session of its own, outside the launcher's process group), and parallel runs do not collide."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

import docs_runner.paths
from docs_runner.errors import SnippetError
from docs_runner.execute import run_all
from tests.conftest import ROOT

RUN = "# run: horovodrun -np 2 -H localhost:2 --gloo python snippets/demo/{name}.py\n# timeout: 120\n"
HEAD = "import os\nimport subprocess\n\nimport horovod.torch as hvd\nimport torch\n\nhvd.init()\n"
WAIT = 'hvd.allreduce(torch.ones(1), name="x")  # rank 0 would wait here forever without the launcher\n'

SNIPPETS = {
    "ok_a": 'print("sum", hvd.allreduce(torch.ones(1) * hvd.rank(), op=hvd.Sum).item())\n',
    "ok_b": 'print("size", hvd.size())\n',
    "raises": 'print("started")\nif hvd.rank() == 1:\n    raise RuntimeError("rank one gives up")\n' + WAIT,
    "dies": 'print("started")\nif hvd.rank() == 1:\n    os._exit(3)  # no shutdown at all\n' + WAIT,
    # The shell is gone at once; its sleeper lives on outside every process group the runner knows.
    "leaves": 'if hvd.rank() == 0:\n    subprocess.run("sleep 600 >/dev/null 2>&1 &", shell=True)\n',
}


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A project root holding the snippets above (the runner resolves `# run:` paths against it)."""
    for name in ("pyproject.toml", "requirements.txt"):
        shutil.copy2(ROOT / name, tmp_path / name)
    (tmp_path / "snippets" / "demo").mkdir(parents=True)
    for name, body in SNIPPETS.items():
        source = RUN.format(name=name) + HEAD + body
        (tmp_path / "snippets" / "demo" / f"{name}.py").write_text(source, encoding="utf-8")
    monkeypatch.setattr(docs_runner.paths, "ROOT", tmp_path)
    return tmp_path


def paths(*names: str) -> list[str]:
    return [f"snippets/demo/{name}.py" for name in names]


def survivors(tree: Path) -> str:
    found = subprocess.run(["pgrep", "-af", f"{tree}|sleep 600"], capture_output=True, text=True)
    return found.stdout


def test_parallel_runs_each_show_their_ranks_in_order(tree):
    records, ran = run_all(paths("ok_a", "ok_b"), "cpu", use_cache=False)
    assert sorted(ran) == paths("ok_a", "ok_b")
    assert records["snippets/demo/ok_a.py"].output == "[rank0] sum 1.0\n[rank1] sum 1.0\n"
    assert records["snippets/demo/ok_b.py"].output == "[rank0] size 2\n[rank1] size 2\n"
    assert records["snippets/demo/ok_a.py"].kind == "processes"


@pytest.mark.exhaustive
def test_a_crashed_or_killed_rank_fails_naming_file_and_rank_and_nothing_survives(tree):
    with pytest.raises(SnippetError) as info:
        run_all(paths("raises", "dies", "leaves"), "cpu", use_cache=False)
    log = str(info.value)
    assert "timed out" not in log  # each job ended by itself, well within its 120 s
    # An exception on rank 1: Horovod shuts the job down, rank 0 fails too, but rank 1 is named.
    assert "snippets/demo/raises.py failed (exit 1): rank 1 failed first" in log
    assert "[rank1] RuntimeError: rank one gives up" in log
    assert "[rank0] started" in log and "Horovod has been shut down" in log
    # Rank 1 vanishes without a word: horovodrun terminates rank 0, which was waiting for it.
    assert "snippets/demo/dies.py failed (exit 1): rank 1 failed first" in log
    assert "Process 1 exit with status code 3." in log
    # A process a rank started outside every process group is still found, killed and reported.
    assert re.search(
        r"snippets/demo/leaves.py: the snippet left 1 process\(es\) behind \(pids \[\d+\]\)", log
    )
    assert survivors(tree) == ""
