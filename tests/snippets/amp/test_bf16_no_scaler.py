"""snippets/amp/bf16_no_scaler.py: bf16 keeps the 1e-8 gradient unscaled; a disabled scaler passes through."""

import re

import torch


def test_small_gradient_lost_in_fp16_kept_in_bf16(run_snippet):
    s = run_snippet("amp/bf16_no_scaler")
    assert s.arrived[torch.float16] == 0.0
    assert abs(s.arrived[torch.bfloat16] / 1e-8 - 1) < 0.01
    assert "float16   the 1e-08 gradient arrives as 0\n" in s.stdout
    assert "bfloat16  the 1e-08 gradient arrives as 1.001e-08" in s.stdout


def test_disabled_scaler_is_a_pass_through_and_training_works(run_snippet):
    s = run_snippet("amp/bf16_no_scaler")
    assert "scaler enabled: False" in s.stdout and not s.scaler.is_enabled()
    assert "scale(loss) returned the loss itself: True" in s.stdout
    assert "dtypes: logits torch.bfloat16, loss torch.float32, weight torch.float32" in s.stdout
    assert len(s.losses) == 40 and s.losses[-1] < s.losses[0] / 4
    printed = [float(v) for v in re.findall(r"step +\d+: loss ([\d.]+)", s.stdout)]
    assert printed == [round(s.losses[i], 4) for i in (0, 9, 19, 29, 39)]
