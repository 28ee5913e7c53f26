"""snippets/amp/overflow_underflow.py: overflow, underflow and a lost update, as printed and recomputed."""

import torch


def test_overflow_gives_inf_and_then_nan(run_snippet):
    s = run_snippet("amp/overflow_underflow")
    assert "  float32     120000.0   big - big = 0.0" in s.stdout
    assert "  float16          inf   big - big = nan" in s.stdout
    assert "  bfloat16    119808.0   big - big = 0.0" in s.stdout  # in range, rounded to 8 significant bits
    assert (torch.tensor(60000.0, dtype=torch.float16) * 2).isinf()


def test_underflow_to_zero_only_in_fp16(run_snippet):
    s = run_snippet("amp/overflow_underflow")
    assert "  float32   1e-08        1e-06 -> 1e-06" in s.stdout
    assert "  float16   0            1e-06 -> 1.013e-06" in s.stdout  # a subnormal: about 1% off
    assert "  bfloat16  1.001e-08    1e-06 -> 9.984e-07" in s.stdout
    a = torch.tensor(1e-4, dtype=torch.float16)
    assert a.item() != 0 and (a * a).item() == 0.0


def test_small_updates_are_lost_in_16_bit_weights(run_snippet):
    s = run_snippet("amp/overflow_underflow")
    assert "  float32   after one: 1.0001   after 1000: 1.10002  gap above 1: 1.19e-07" in s.stdout
    assert "  float16   after one: 1        after 1000: 1        gap above 1: 0.000977" in s.stdout
    assert "  bfloat16  after one: 1        after 1000: 1        gap above 1: 0.00781" in s.stdout
    # Half the gap above 1.0 is the smallest update that can change a weight of 1.0.
    one = torch.tensor(1.0, dtype=torch.float16)
    assert (one + 1e-4).item() == 1.0 and (one + 2**-10).item() > 1.0


def test_an_fp32_master_weight_keeps_the_updates_bf16_weights_lose(run_snippet):
    s = run_snippet("amp/overflow_underflow")
    assert "  fp32 master weight after 1000: 1.10002, its bfloat16 copy: 1.10156" in s.stdout
    assert s.master.dtype == torch.float32 and abs(s.master.item() - 1.1) < 1e-4
    assert s.w16.dtype == torch.bfloat16 and s.w16.item() == 1 + 13 / 128  # the bf16 number nearest 1.1
    assert s.w.dtype == torch.bfloat16 and s.w.item() == 1.0  # the same updates added to a bf16 weight
