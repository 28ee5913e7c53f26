"""snippets/amp/exercise_counter.py (an exercise's solution), run in-process."""

import torch


def test_counters_stop_at_two_over_eps(run_snippet):
    s = run_snippet("amp/exercise_counter")
    assert s.stuck_at == {torch.float16: 2048.0, torch.bfloat16: 256.0}
    assert "float16   counter stops at: 2048   2 / eps = 2048" in s.stdout
    assert "bfloat16  counter stops at: 256   2 / eps = 256" in s.stdout


def test_fp32_limit_and_the_rounding_of_2049(run_snippet):
    s = run_snippet("amp/exercise_counter")
    assert s.edge.item() == 2.0**24
    assert "float32   2 / eps = 16777216   2**24 + 1 == 2**24: True" in s.stdout
    assert "float16   2049 stored as: 2048.0" in s.stdout  # a tie between 2048 and 2050: round to even
