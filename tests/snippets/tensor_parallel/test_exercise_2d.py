"""snippets/tensor_parallel/exercise_2d.py, launched with torchrun on 4 processes (its `# run:` line): FSDP
across the rows of a 2 x 2 mesh and tensor parallelism within them train like one plain process."""

import re


def test_three_steps_match_one_process(build_record):
    out = build_record("tensor_parallel/exercise_2d").output
    steps = [ln.removeprefix("[rank0] ") for ln in out.splitlines() if ln.startswith("[rank0] step ")]
    assert len(steps) == 3
    for n, line in enumerate(steps, start=1):
        m = re.fullmatch(rf"step {n}: loss (\S+), one process (\S+), gap (\S+)", line)
        assert m and abs(float(m[3])) < 1e-6  # the gap, computed before rounding
        assert abs(float(m[1]) - float(m[2])) <= 2e-6  # the two losses, each rounded to 6 decimals


def test_each_rank_holds_a_quarter_of_the_matrix(build_record):
    out = build_record("tensor_parallel/exercise_2d").output
    for rank in range(4):
        line = f"[rank{rank}] rank {rank}: 2.weight (Shard(dim=0), Shard(dim=1)), local (2, 4) of (4, 8)"
        assert line in out.splitlines()
