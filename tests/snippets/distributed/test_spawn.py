import torch


def test_each_spawned_rank_joins_and_all_reduces(run_snippet):
    s = run_snippet("distributed/spawn")
    world = torch.cuda.device_count() or 2
    total = float(sum(range(1, world + 1)))
    expected = [f"rank {r}: not the launcher's process True, all_reduce sum {total}" for r in range(world)]
    assert s.stdout.splitlines() == [*expected, "mp.spawn returned: every process exited with code 0"]


def test_the_port_was_chosen_by_the_os(run_snippet):
    s = run_snippet("distributed/spawn")
    assert 1024 <= s.port <= 65535
