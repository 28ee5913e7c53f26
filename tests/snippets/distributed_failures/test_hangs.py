"""snippets/distributed_failures/hangs.py, launched with torchrun on 2 processes (gloo on every device)."""

import re


def lines_of(out: str, rank: int) -> list[str]:
    """What one rank printed on stdout, line by line, without the build's [rankN] prefix."""
    return [ln.removeprefix(f"[rank{rank}] ") for ln in out.splitlines() if ln.startswith(f"[rank{rank}] ")]


def test_detail_reports_a_shape_mismatch_on_both_ranks(build_record):
    out = build_record("distributed_failures/hangs").output
    for rank, shapes in ((0, "2vs 3"), (1, "3vs 2")):
        assert lines_of(out, rank)[:2] == [
            f"rank {rank}: Detected mismatch between collectives on ranks.",
            f"  Collectives differ in the following aspects:   Tensor Tensor shapes: {shapes}",
        ]


def test_a_rank_that_never_joins_is_named_or_timed_out(build_record):
    out = build_record("distributed_failures/hangs").output
    rank0 = lines_of(out, 0)
    assert (
        rank0[2] == "rank 0: monitored_barrier: [Rank 0]: Rank 1 failed to pass monitoredBarrier in 2000 ms"
    )
    m = re.fullmatch(
        r"rank 0: all_reduce after ([\d.]+) s: Timed out waiting 2000ms for recv operation to complete",
        rank0[3],
    )
    assert m and 2.0 <= float(m[1]) < 10  # the group's 2 s timeout, not the default group's 60 s
    assert rank0[4:] == ["rank 0: done"]
    assert lines_of(out, 1)[2:] == ["rank 1: done"]  # both carry on once rank 0 reaches the barrier
