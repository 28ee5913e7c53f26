"""snippets/distributed_more/bf16_reduce.py (an exercise's solution), run in-process."""

import torch


def test_summing_in_bf16_loses_digits_and_fp32_does_not(run_snippet):
    s = run_snippet("distributed_more/bf16_reduce")
    bf16 = [s.errors[n, torch.bfloat16] for n in (2, 8, 64)]
    fp32 = [s.errors[n, torch.float32] for n in (2, 8, 64)]
    assert fp32 == [0.0, 0.0, 0.0]  # bf16 inputs (8 significant bits) add exactly in fp32's 24
    assert bf16[0] < bf16[1] < bf16[2]  # the error grows with the number of ranks
    assert bf16[0] > 1e-3 and bf16[2] > 1e-2  # around bf16's eps of 0.0078 and beyond
    assert s.stdout.splitlines()[-1] == "bf16 eps (spacing just above 1.0): 0.0078125"
