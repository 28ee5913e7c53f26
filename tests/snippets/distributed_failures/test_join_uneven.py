"""snippets/distributed_failures/join_uneven.py, launched with torchrun on 2 processes."""


def lines_of(out: str, rank: int) -> list[str]:
    """What one rank printed on stdout, line by line, without the build's [rankN] prefix."""
    return [ln.removeprefix(f"[rank{rank}] ") for ln in out.splitlines() if ln.startswith(f"[rank{rank}] ")]


def test_both_ranks_finish_their_own_batches_under_join(build_record):
    out = build_record("distributed_failures/join_uneven").output
    assert lines_of(out, 0) == [
        "rank 0: trained on 3 batches, my data is done",
        # rank 0 stopped stepping after 3 batches; Join gave it the model of the last rank to finish
        "rank 0: left Join, parameters changed since my last step: True",
        "rank 0: same parameters on every rank: True",
    ]
    assert lines_of(out, 1) == [
        "rank 1: trained on 5 batches, my data is done",
        "rank 1: left Join, parameters changed since my last step: False",
        "rank 1: same parameters on every rank: True",
    ]
