"""torchrun's ranks in a build run are forked from the fork server (docs_runner/forkserver/rank.py) instead
of each importing torch in a fresh interpreter. A forked rank must print what a fresh one prints, fail as it
fails, and never outlive its run; without a server, the stand-in runs the real interpreter."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from docs_runner.errors import SnippetError
from docs_runner.execute import _run_spec, run_one
from docs_runner.forkserver import client
from docs_runner.spec import read_spec


def write(root: Path, name: str, body: str, ranks: int = 2, header: str = "") -> str:
    rel = f"snippets/demo/{name}"
    (root / rel).write_text(
        f"# run: torchrun --standalone --nproc-per-node {ranks} {rel} --flag\n{header}{body}",
        encoding="utf-8",
    )
    return rel


def children_of_the_fork_server() -> list[int]:
    server = client.fork_server().pid
    found = Path(f"/proc/{server}/task/{server}/children").read_text().split()
    alive = []
    for pid in found:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:  # gone while we looked
            continue
        if state != "Z":
            alive.append(int(pid))
    return alive


SAYS_WHO_RAN_IT = """\
import os
import sys
from pathlib import Path

parent = Path(f"/proc/{os.getppid()}/cmdline").read_bytes()
forked = b"docs_runner.forkserver.server" in parent
print("forked by the fork server:", forked)
first = sys.path[0] == os.path.dirname(__file__)
print("name:", __name__, "argv:", sys.argv[1:], "first on the path:", first)
rank, size = os.environ["RANK"], os.environ["WORLD_SIZE"]
print("folder is the run's:", os.getcwd().endswith("cwd"), "rank", rank, "of", size)
print("threads:", __import__("torch").get_num_threads(), "stderr too", file=sys.stderr)
"""


def test_a_build_run_forks_its_ranks_and_they_print_what_fresh_ranks_print(tree):
    rel = write(tree, "who.py", SAYS_WHO_RAN_IT)
    forked = run_one(rel, "cpu").output
    fresh = _run_spec(read_spec(rel), "cpu", fresh=False, fork_ranks=False).output  # the version matrix's
    assert forked.count("forked by the fork server: True") == 2
    assert fresh.count("forked by the fork server: False") == 2
    assert forked.replace("server: True", "server: False") == fresh
    assert "[rank1] name: __main__ argv: ['--flag'] first on the path: True\n" in fresh
    assert "[rank1] folder is the run's: True rank 1 of 2\n[rank1] threads: 1 stderr too\n" in fresh


SAYS_WHO_LAUNCHED_IT = """\
import os
from pathlib import Path


def proc(pid, name):
    return Path(f"/proc/{pid}/{name}").read_bytes()


def launcher():
    # Forked ranks: torchrun started their stand-ins (rank.py), so a stand-in's parent is torchrun.
    # Ranks that torchrun started itself: the rank's own parent.
    mark = f"DOCS_RUN={os.environ['DOCS_RUN']}".encode()
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if b"rank.py" in proc(pid, "cmdline") and mark in proc(pid, "environ").split(b"\\0"):
                return int(proc(pid, "stat").rsplit(b")", 1)[1].split()[1])
        except OSError:
            continue
    return os.getppid()


print("torchrun forked by the fork server:", b"docs_runner.forkserver.server" in proc(launcher(), "cmdline"))
"""


def test_a_build_run_forks_torchrun_itself_and_the_version_matrix_runs_the_real_one(tree):
    """torchrun imports torch as any fresh interpreter does (2.9 CPU-s here): a build forks it too."""
    rel = write(tree, "launcher.py", SAYS_WHO_LAUNCHED_IT)
    forked = run_one(rel, "cpu").output
    fresh = _run_spec(read_spec(rel), "cpu", fresh=False, fork_ranks=False).output
    assert forked == "".join(f"[rank{r}] torchrun forked by the fork server: True\n" for r in (0, 1))
    assert fresh == forked.replace("True", "False")


def test_a_failing_rank_fails_the_run_by_name_with_a_traceback_as_python_prints_it(tree):
    rel = write(
        tree,
        "fails.py",
        "import os\n\nif os.environ['RANK'] == '1':\n    raise ValueError('rank 1 gives up')\n",
    )
    with pytest.raises(SnippetError) as info:
        run_one(rel, "cpu")
    message = str(info.value)
    assert message.startswith("snippets/demo/fails.py failed (exit 1): rank 1 failed first\n")
    assert (
        "[rank1] Traceback (most recent call last):\n"
        f'[rank1]   File "{tree / rel}", line 5, in <module>\n'
        "[rank1]     raise ValueError('rank 1 gives up')\n"
        "[rank1] ValueError: rank 1 gives up\n"
    ) in message  # no frame of runpy or of the fork server's child


def test_a_rank_whose_run_times_out_is_killed_with_it(tree):
    rel = write(tree, "hangs.py", "import time\n\ntime.sleep(600)\n", header="# timeout: 8\n")
    with pytest.raises(SnippetError, match=r"hangs\.py: timed out after 8 s; killed its process group"):
        run_one(rel, "cpu")
    deadline = time.monotonic() + 5
    while children_of_the_fork_server() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert children_of_the_fork_server() == []


def test_a_rank_that_leaves_a_process_behind_fails_and_the_process_is_killed(tree):
    rel = write(tree, "leaves.py", "import subprocess\n\nsubprocess.Popen(['sleep', '6091'])\n", ranks=1)
    with pytest.raises(SnippetError, match=r"left 1 process\(es\) behind"):
        run_one(rel, "cpu")
    found = subprocess.run(["pgrep", "-f", "sleep 6091"], capture_output=True, text=True).stdout
    assert found == ""


def test_without_its_server_the_stand_in_runs_the_real_interpreter(tmp_path):
    env = client.fork_server().rank_env()
    script = tmp_path / "plain.py"
    script.write_text(
        "import sys\nprint('torch imported before me:', 'torch' in sys.modules, sys.argv[1:])\n"
    )
    gone = dict(os.environ, **env)
    gone["DOCS_FORK_SOCKET"] = str(tmp_path / "no-socket")
    done = subprocess.run(
        [env["PYTHON_EXEC"], "-u", str(script), "x"], env=gone, capture_output=True, text=True
    )
    assert (done.returncode, done.stdout) == (0, "torch imported before me: False ['x']\n")
    # Arguments other than torchrun's go to the real interpreter too, the server there or not.
    there = dict(os.environ, **env)
    done = subprocess.run(
        [env["PYTHON_EXEC"], "-c", "import sys; print(sys.version)"],
        env=there,
        capture_output=True,
        text=True,
    )
    assert done.stdout == sys.version + "\n"
