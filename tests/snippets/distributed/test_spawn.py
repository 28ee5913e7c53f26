"""snippets/distributed/spawn.py: mp.spawn starts the ranks itself, each joins the group and all-reduces.

The file starts its own processes (about 7 s): `make test` asserts on the build's run, `make test-all` runs
it again and checks the port it chose."""

import pytest
import torch


def expected_lines() -> list[str]:
    world = torch.cuda.device_count() or 2
    total = float(sum(range(1, world + 1)))
    ranks = [f"rank {r}: not the launcher's process True, all_reduce sum {total}" for r in range(world)]
    return [*ranks, "mp.spawn returned: every process exited with code 0"]


def test_the_build_saw_each_spawned_rank_join_and_all_reduce(build_record):
    assert build_record("distributed/spawn").output.splitlines() == expected_lines()


@pytest.mark.exhaustive
def test_each_spawned_rank_joins_and_all_reduces(run_snippet):
    s = run_snippet("distributed/spawn")
    assert s.stdout.splitlines() == expected_lines()


@pytest.mark.exhaustive
def test_the_port_was_chosen_by_the_os(run_snippet):
    s = run_snippet("distributed/spawn")
    assert 1024 <= s.port <= 65535
