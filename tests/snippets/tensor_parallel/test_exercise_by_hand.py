"""snippets/tensor_parallel/exercise_by_hand.py, launched with torchrun on 2 processes (its `# run:` line):
split weights, local halves and one all-reduce give the whole model's output; a bias added before the sum
is counted once per rank."""

import re


def test_by_hand_matches_and_the_early_bias_is_counted_twice(build_record):
    out = build_record("tensor_parallel/exercise_by_hand").output
    for rank in (0, 1):
        lines = [
            ln.removeprefix(f"[rank{rank}] ") for ln in out.splitlines() if ln.startswith(f"[rank{rank}] ")
        ]
        m = re.fullmatch(
            rf"rank {rank}: hidden \(3, 4\), largest difference from the whole model: (\S+)", lines[0]
        )
        assert m and float(m[1]) < 1e-6
        assert lines[1] == f"rank {rank}: bias added before the sum, off by one bias: True"
        assert len(lines) == 2
