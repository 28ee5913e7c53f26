"""snippets/fsdp_resume/train_fsdp.py, launched with torchrun on 2 processes (its `# run:` line): a fresh
start from the meta device trains the plain model's 3 steps and writes one checkpoint file per rank."""

import pytest

from tests.snippets.fsdp_resume._reference import plain_losses


def lines_of(out: str, rank: int) -> list[str]:
    """What one rank printed, line by line, without the build's [rankN] prefix."""
    return [ln.removeprefix(f"[rank{rank}] ") for ln in out.splitlines() if ln.startswith(f"[rank{rank}] ")]


def test_a_fresh_start_trains_like_one_plain_process(build_record):
    rank0 = lines_of(build_record("fsdp_resume/train_fsdp").output, 0)
    assert len(rank0) == 4
    losses = [float(line.split()[-1]) for line in rank0[:3]]
    assert [line.split()[:3] for line in rank0[:3]] == [["step", str(n), "loss"] for n in (1, 2, 3)]
    assert losses == pytest.approx(plain_losses(3), abs=1e-6)  # the tolerance the page states


def test_each_rank_writes_its_own_file(build_record):
    out = build_record("fsdp_resume/train_fsdp").output
    assert lines_of(out, 0)[3] == "world size 2, saved step-3: ['.metadata', '__0_0.distcp', '__1_0.distcp']"
    assert lines_of(out, 1) == []  # only rank 0 prints
