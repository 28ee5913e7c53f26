"""snippets/multinode/two_nodes.py: two torchrun agents on one machine meet at a c10d rendezvous like two
machines; each process's place in the job is asserted exactly, and a failed wait stops both agents and the
processes they started. `make test` asserts on the build's run (the file starts two torchrun agents itself),
`make test-all` runs it again."""

import runpy
import subprocess
import sys
import time
from pathlib import Path

import pytest

from docs_runner.paths import ROOT

FILE = ROOT / "snippets/multinode/two_nodes.py"


def test_every_process_gets_its_place_from_torchrun(build_record):
    assert build_record("multinode/two_nodes").output.splitlines() == [
        "process RANK=0 LOCAL_RANK=0 GROUP_RANK=0 WORLD_SIZE=4 LOCAL_WORLD_SIZE=2 all_reduce=10",
        "process RANK=1 LOCAL_RANK=1 GROUP_RANK=0 WORLD_SIZE=4 LOCAL_WORLD_SIZE=2 all_reduce=10",
        "process RANK=2 LOCAL_RANK=0 GROUP_RANK=1 WORLD_SIZE=4 LOCAL_WORLD_SIZE=2 all_reduce=10",
        "process RANK=3 LOCAL_RANK=1 GROUP_RANK=1 WORLD_SIZE=4 LOCAL_WORLD_SIZE=2 all_reduce=10",
        "both torchrun agents exited with code 0",
    ]


@pytest.mark.exhaustive
def test_a_second_run_prints_what_the_build_showed(run_snippet):
    assert run_snippet("multinode/two_nodes").stdout  # run_snippet compares it with the build's run


def test_each_node_runs_the_multi_node_torchrun_command(monkeypatch):
    """The command of one node: the flags the page shows for two machines, and this file as the program."""
    names = runpy.run_path(str(FILE))  # defines the functions; the __main__ block does not run
    started = []
    monkeypatch.setattr(subprocess, "Popen", lambda command, **kwargs: started.append((command, kwargs)))
    monkeypatch.setattr(sys, "argv", [str(FILE)])
    names["start_node"](29500, 2)
    ((command, kwargs),) = started
    assert command == [
        sys.executable, "-m", "torch.distributed.run",
        "--nnodes", "2", "--nproc-per-node", "2",
        "--rdzv-backend", "c10d", "--rdzv-endpoint", "127.0.0.1:29500", "--rdzv-id", "demo",
        str(FILE),
    ]  # fmt: skip
    assert kwargs["start_new_session"] is True  # the agent leads a group of its own


def workers_of(agent: int) -> list[int]:
    """The processes an agent started to run this file (its workers): children whose command names it."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            command = stat.with_name("cmdline").read_text(errors="replace")
        except (FileNotFoundError, ProcessLookupError):  # it ended while we looked
            continue
        if parent == agent and str(FILE) in command:
            found.append(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def test_a_failed_wait_stops_both_agents_and_their_workers(monkeypatch):
    """The wait fails while every worker runs (as a timeout would): both agents and all four workers go."""
    names = runpy.run_path(str(FILE))
    monkeypatch.setattr(sys, "argv", [str(FILE)])
    agents, workers = [], []

    class Recorded(subprocess.Popen):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            agents.append(self)

        def communicate(self, input=None, timeout=None):
            deadline = time.monotonic() + 90
            while time.monotonic() < deadline and sum(len(workers_of(a.pid)) for a in agents) < 4:
                time.sleep(0.2)
            workers.extend(pid for a in agents for pid in workers_of(a.pid))
            raise subprocess.TimeoutExpired(self.args, timeout)

    monkeypatch.setattr(subprocess, "Popen", Recorded)
    with pytest.raises(subprocess.TimeoutExpired):
        names["two_nodes"](2)
    assert len(agents) == 2 and len(workers) == 4
    assert [a.returncode is None for a in agents] == [False, False]  # both stopped and waited for
    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert [pid for pid in workers if alive(pid)] == []
