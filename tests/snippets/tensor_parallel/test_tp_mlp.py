"""snippets/tensor_parallel/tp_mlp.py, launched with torchrun on 2 processes (its `# run:` line): column-wise
then row-wise parallel Linear layers give the unsharded model's output and gradients."""

import re

TOLERANCE = 1e-6  # the page states it


def lines_of(out: str, rank: int) -> list[str]:
    """What one rank printed, line by line, without the build's [rankN] prefix."""
    return [ln.removeprefix(f"[rank{rank}] ") for ln in out.splitlines() if ln.startswith(f"[rank{rank}] ")]


def test_each_rank_holds_half_of_each_matrix(build_record):
    out = build_record("tensor_parallel/tp_mlp").output
    for rank in (0, 1):
        assert lines_of(out, rank)[:5] == [
            f"rank {rank}: up.weight (Shard(dim=0),), local (4, 4) of (8, 4)",  # columns of the output
            f"rank {rank}: up.bias (Shard(dim=0),), local (4,) of (8,)",
            f"rank {rank}: down.weight (Shard(dim=1),), local (4, 4) of (4, 8)",  # rows of the input
            f"rank {rank}: down.bias (Replicate(),), local (4,) of (4,)",  # added once, after the sum
            f"rank {rank}: up's output here is a Tensor of shape (3, 4)",  # 4 of the 8 hidden features
        ]


def test_output_and_gradient_match_the_whole_model(build_record):
    out = build_record("tensor_parallel/tp_mlp").output
    for rank in (0, 1):
        output, gradient = lines_of(out, rank)[5:]
        pattern = rf"rank {rank}: output \(3, 4\), largest difference from the whole model: (\S+)"
        m = re.fullmatch(pattern, output)
        assert m and float(m[1]) < TOLERANCE
        pattern = rf"rank {rank}: up.weight's gradient, largest difference from the whole model: (\S+)"
        m = re.fullmatch(pattern, gradient)
        assert m and float(m[1]) < TOLERANCE
    assert lines_of(out, 0)[5:] == [line.replace("rank 1", "rank 0") for line in lines_of(out, 1)[5:]]
