"""snippets/distributed/broadcast_buffers.py, launched with torchrun on 2 processes (its `# run:` line)."""

import torch
from torch import nn


def running_mean_after_a_step(rank: int) -> list[float]:
    """One process: BatchNorm1d's running_mean after one training forward on that rank's batch."""
    torch.manual_seed(100 + rank)
    x = torch.randn(8, 2) + 10 * rank
    bn = nn.BatchNorm1d(2)
    bn(x)
    assert torch.allclose(bn.running_mean, 0.1 * x.mean(0))  # momentum 0.1, starting from 0
    return [round(v, 4) for v in bn.running_mean.tolist()]


def lines_of(out: str, rank: int) -> list[str]:
    """What one rank printed, line by line, without the build's [rankN] prefix."""
    return [ln.removeprefix(f"[rank{rank}] ") for ln in out.splitlines() if ln.startswith(f"[rank{rank}] ")]


def test_rank_by_rank_three_lines_each(build_record):
    lines = build_record("distributed/broadcast_buffers").output.splitlines()
    assert [ln[:8] for ln in lines] == ["[rank0] "] * 3 + ["[rank1] "] * 3


def test_each_rank_updates_its_statistics_from_its_own_batch(build_record):
    out = build_record("distributed/broadcast_buffers").output
    assert running_mean_after_a_step(0) != running_mean_after_a_step(1)
    for rank in (0, 1):
        mine = running_mean_after_a_step(rank)
        assert (
            lines_of(out, rank)[0] == f"rank {rank}: running_mean after a training step on my batch: {mine}"
        )


def test_by_default_the_next_forward_gives_every_rank_rank_0s_statistics(build_record):
    out = build_record("distributed/broadcast_buffers").output
    rank_0s = running_mean_after_a_step(0)
    for rank in (0, 1):
        assert (
            lines_of(out, rank)[1] == f"default: after the next forward {rank_0s}, same on every rank: True"
        )


def test_without_forward_sync_each_rank_keeps_its_own(build_record):
    out = build_record("distributed/broadcast_buffers").output
    for rank in (0, 1):
        kept = running_mean_after_a_step(rank)
        assert lines_of(out, rank)[2] == (
            f"forward_sync_buffers=False: after the next forward {kept}, same on every rank: False"
        )
