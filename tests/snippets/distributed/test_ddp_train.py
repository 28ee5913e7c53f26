"""snippets/distributed/ddp_train.py, launched with torchrun on 2 processes: the proof that DDP is exact."""

import re


def rank_lines(out: str, rank: int) -> list[str]:
    return [
        line.removeprefix(f"[rank{rank}] ") for line in out.splitlines() if line.startswith(f"[rank{rank}] ")
    ]


def test_both_ranks_end_with_identical_parameters(build_record):
    out = build_record("distributed/ddp_train").output
    for rank in (0, 1):
        lines = rank_lines(out, rank)
        assert lines[0] == f"rank {rank}: 16 steps, 64 samples"  # 2 epochs of 32 samples, batches of 4
        assert lines[1] == "parameters identical on every rank: True"


def test_ddp_equals_one_process_on_the_combined_batches(build_record):
    out = build_record("distributed/ddp_train").output
    verdicts = re.findall(r"largest \|DDP - single process\| below 1e-6: (\w+) \| bitwise equal: (\w+)", out)
    assert len(verdicts) == 2 and all(below == "True" for below, _ in verdicts)
    assert len(out.splitlines()) == 6
