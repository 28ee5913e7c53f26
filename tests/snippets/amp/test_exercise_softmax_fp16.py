"""snippets/amp/exercise_softmax_fp16.py (an exercise's solution), run in-process."""

import torch


def test_exp_overflows_past_log_of_fp16_max(run_snippet):
    s = run_snippet("amp/exercise_softmax_fp16")
    assert "largest x with exp(x) below fp16's max: 11.0899" in s.stdout
    assert "exp(11.0) in float16: 59872.0" in s.stdout
    assert "exp(11.1) in float16: inf" in s.stdout


def test_naive_softmax_breaks_and_the_shifted_one_matches_fp32(run_snippet):
    s = run_snippet("amp/exercise_softmax_fp16")
    assert s.naive[:2].tolist() == [0.0, 0.0] and s.naive[2].isnan()
    assert torch.allclose(s.stable.float(), s.reference, atol=1e-3)
    assert "naive softmax in float16:   [0.0, 0.0, nan]" in s.stdout
    assert "max subtracted, float16:    [0.0901, 0.2448, 0.6655]" in s.stdout
    assert "torch.softmax in float32:   [0.09, 0.2447, 0.6652]" in s.stdout
    assert "torch.softmax in float16:   [0.09, 0.2448, 0.665]" in s.stdout
