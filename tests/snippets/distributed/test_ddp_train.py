"""snippets/distributed/ddp_train.py, launched with torchrun on 2 processes: the proof that DDP is exact."""

import re


def rank_lines(out: str, rank: int) -> list[str]:
    return [
        line.removeprefix(f"[rank{rank}] ") for line in out.splitlines() if line.startswith(f"[rank{rank}] ")
    ]


def test_both_ranks_end_with_identical_parameters(launch_snippet):
    out = launch_snippet("distributed/ddp_train").output
    for rank in (0, 1):
        lines = rank_lines(out, rank)
        assert lines[0] == f"rank {rank}: 16 steps, 64 samples"  # 2 epochs of 32 samples, batches of 4
        assert lines[1] == "parameters identical on every rank: True"


def test_ddp_equals_one_process_on_the_combined_batches(launch_snippet):
    out = launch_snippet("distributed/ddp_train").output
    diffs = [float(d) for d in re.findall(r"max \|DDP - single process\| = (\S+)", out)]
    assert len(diffs) == 2 and all(d < 1e-6 for d in diffs)
    assert out.count("allclose(atol=1e-6): True") == 2
    assert len(out.splitlines()) == 8
