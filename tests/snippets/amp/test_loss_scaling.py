"""snippets/amp/loss_scaling.py: 1e-8 vanishes in fp16, survives a 2**16 loss scale, overflows at 2**30."""

import torch


def test_fp16_loses_the_smallest_gradient(run_snippet):
    s = run_snippet("amp/loss_scaling")
    lost = s.results[(torch.float16, 0)]
    assert lost[2].item() == 0.0
    assert abs(lost[1].item() / 1e-6 - 1) > 0.01  # a subnormal: over 1% off
    assert "  grad in float16           0.0001      1.013e-06   0" in s.stdout


def test_scaling_by_2_16_brings_it_back(run_snippet):
    s = run_snippet("amp/loss_scaling")
    scaled = s.results[(torch.float16, 16)].double()
    assert torch.allclose(scaled, s.true_grad, rtol=1e-3, atol=0)
    assert "  grad in float16           6.555       0.06555     0.0006557" in s.stdout
    assert "  unscaled, in float32      0.0001      1e-06       1e-08" in s.stdout
    assert "  relative error            0.0001659   0.0002404   0.0004442" in s.stdout
    assert torch.allclose(s.results[(torch.float32, 0)].double(), s.true_grad, rtol=1e-6, atol=0)


def test_too_large_a_scale_overflows(run_snippet):
    s = run_snippet("amp/loss_scaling")
    assert s.results[(torch.float16, 30)].isinf().all()
    assert "  grad in float16           inf         inf         inf" in s.stdout


def test_fp16_rounds_below_half_its_smallest_subnormal_to_zero_and_rounds_up_above(run_snippet):
    s = run_snippet("amp/loss_scaling")
    assert "fp16 of 2.9e-08, 3e-08, 5e-08: [0.0, 5.960464477539063e-08, 5.960464477539063e-08]" in s.stdout
    assert s.edge.tolist() == [0.0, 2.0**-24, 2.0**-24]
    # The threshold is half the smallest subnormal, 2**-25 (2.98e-08); exactly half is a tie and goes to 0.
    around_half = torch.tensor([2.0**-25, 2.0**-25 * 1.01], dtype=torch.float64).to(torch.float16)
    assert around_half.tolist() == [0.0, 2.0**-24]
