"""snippets/distributed_failures/join_early_stop.py (an exercise's solution), launched on 2 processes."""


def lines_of(out: str, rank: int) -> list[str]:
    """What one rank printed on stdout, line by line, without the build's [rankN] prefix."""
    return [ln.removeprefix(f"[rank{rank}] ") for ln in out.splitlines() if ln.startswith(f"[rank{rank}] ")]


def test_every_rank_stops_after_the_shortest_ranks_3_steps(build_record):
    out = build_record("distributed_failures/join_early_stop").output
    assert lines_of(out, 0)[0] == "rank 0: RuntimeError: Rank 0 exhausted all inputs."
    assert lines_of(out, 1)[0] == (
        "rank 1: RuntimeError: Detected at least one rank that exhausted inputs. Throwing across all ranks."
    )
    steps = [lines_of(out, rank)[1] for rank in (0, 1)]
    assert all(len(lines_of(out, rank)) == 2 for rank in (0, 1))
    assert steps[0].startswith("rank 0: steps 3, mean loss per step [")
    assert steps[1] == steps[0].replace("rank 0", "rank 1")  # the same all-reduced losses on both ranks
