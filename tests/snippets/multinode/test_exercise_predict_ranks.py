"""snippets/multinode/exercise_predict_ranks.py: the prediction is checked against real two-node runs, the
build's (2 processes per node) and, in `make test-all`, one started here with 3 per node."""

import runpy
import sys

import pytest

from docs_runner.paths import ROOT

TWO_NODES = ROOT / "snippets/multinode/two_nodes.py"


def test_it_prints_the_prediction_for_three_processes_per_node(run_snippet):
    s = run_snippet("multinode/exercise_predict_ranks")
    assert s.stdout.splitlines() == s.predict(2, 3)
    assert s.stdout.splitlines()[3] == (
        "process RANK=3 LOCAL_RANK=0 GROUP_RANK=1 WORLD_SIZE=6 LOCAL_WORLD_SIZE=3 all_reduce=21"
    )


def test_the_prediction_matches_the_builds_run(run_snippet, build_record):
    s = run_snippet("multinode/exercise_predict_ranks")
    shown = build_record("multinode/two_nodes").output.splitlines()
    assert [line for line in shown if line.startswith("process ")] == s.predict(2, 2)


@pytest.mark.exhaustive  # six processes and two agents on two cores: 20 s; a second opinion on the build
def test_the_prediction_matches_a_run_with_three_processes_per_node(run_snippet, monkeypatch):
    s = run_snippet("multinode/exercise_predict_ranks")
    names = runpy.run_path(str(TWO_NODES))  # its functions; its __main__ block does not run
    monkeypatch.setattr(sys, "argv", [str(TWO_NODES)])
    assert names["two_nodes"](3) == s.predict(2, 3)


def test_one_process_per_node_makes_the_rank_the_machines_number(run_snippet):
    s = run_snippet("multinode/exercise_predict_ranks")
    assert s.predict(3, 1) == [
        f"process RANK={r} LOCAL_RANK=0 GROUP_RANK={r} WORLD_SIZE=3 LOCAL_WORLD_SIZE=1 all_reduce=6"
        for r in range(3)
    ]
