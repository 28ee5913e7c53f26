"""snippets/amp/exercise_scale_window.py (an exercise's solution): the window of good fp16 loss scales."""

import torch


def test_only_two_scales_keep_every_gradient(run_snippet):
    s = run_snippet("amp/exercise_scale_window")
    assert s.window == [12, 13]
    lines = s.stdout.splitlines()
    assert "2^0    False     True    1.00e+00" in lines  # 1e-8 rounds to 0 in fp16
    assert "2^14   True      False   inf" in lines  # 4 * 2^14 = 65536 is past fp16's 65504
    assert "every gradient within 0.1%: 2^12 to 2^13" in lines


def test_grad_scaler_backs_off_to_the_top_of_the_window(run_snippet):
    s = run_snippet("amp/exercise_scale_window")
    assert s.used_scales == [2.0**16, 2.0**15, 2.0**14, 2.0**13, 2.0**13]
    assert s.taken_steps == [False, False, False, True, True]
    assert torch.allclose(s.w.grad, s.true, rtol=1e-3, atol=0)
    assert "GradScaler step 4: scale 2^13, step taken: True" in s.stdout.splitlines()
