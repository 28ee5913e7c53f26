"""snippets/amp/formats.py: the finfo table, exactly, and that its extremes survive a round trip."""

import torch


def test_table_rows_are_torch_finfo(run_snippet):
    s = run_snippet("amp/formats")
    lines = s.stdout.splitlines()
    assert lines[0].split() == [
        "dtype",
        "bits",
        "exp",
        "man",
        "max",
        "min",
        "normal",
        "min",
        "subnormal",
        "eps",
    ]
    assert lines[1].split() == [
        "float32",
        "32",
        "8",
        "23",
        "3.40282e+38",
        "1.175e-38",
        "1.401e-45",
        "1.192e-07",
    ]
    assert lines[2].split() == ["float16", "16", "5", "10", "65504", "6.104e-05", "5.96e-08", "0.0009766"]
    assert lines[3].split() == [
        "bfloat16",
        "16",
        "8",
        "7",
        "3.38953e+38",
        "1.175e-38",
        "9.184e-41",
        "0.007812",
    ]
    assert lines[4].split() == ["float8_e4m3fn", "8", "4", "3", "448", "0.01562", "0.001953", "0.125"]
    assert lines[5].split() == ["float8_e5m2", "8", "5", "2", "57344", "6.104e-05", "1.526e-05", "0.25"]
    bits, exponent, mantissa, biggest, tiny, subnormal, eps = s.table[torch.float16]
    assert (bits, exponent, mantissa, biggest, eps) == (16, 5, 10, 65504.0, 2.0**-10)
    assert tiny == 2.0**-14 and subnormal == 2.0**-24
    assert s.table[torch.bfloat16][:3] == (16, 8, 7) and s.table[torch.float32][:3] == (32, 8, 23)


def test_extremes_round_trip_and_half_the_smallest_is_zero(run_snippet):
    s = run_snippet("amp/formats")
    assert (
        "float16         round trip of max, min subnormal, half of it: [65504.0, 5.960464477539063e-08, 0.0]"
        in (s.stdout)
    )
    assert (
        "float8_e4m3fn   round trip of max, min subnormal, half of it: [448.0, 0.001953125, 0.0]" in s.stdout
    )
    for dtype, row in s.table.items():
        _, _, _, biggest, _, smallest, _ = row
        back = torch.tensor([biggest, smallest, smallest / 2], dtype=torch.float64).to(dtype).double()
        assert back.tolist() == [biggest, smallest, 0.0], dtype


def test_bf16_range_and_tf32_switches(run_snippet):
    s = run_snippet("amp/formats")
    assert "bf16 and fp32 share the smallest normal number: True" in s.stdout
    assert (
        torch.finfo(torch.bfloat16).max < torch.finfo(torch.float32).max
    )  # same exponent, fewer mantissa bits
    # The defaults: float32 matmuls stay full fp32; cuDNN convolutions may use TF32.
    assert "float32 matmul precision: highest" in s.stdout
    assert "cuBLAS matmuls may use TF32: False" in s.stdout
    assert "cuDNN convolutions may use TF32: True" in s.stdout


def test_the_newer_fp32_precision_switches(run_snippet):
    s = run_snippet("amp/formats")
    # Defaults: matmuls not set ("none": the level above decides, so full fp32), convolutions allowed TF32.
    assert "cuda.matmul.fp32_precision: none" in s.stdout
    assert "cudnn.conv.fp32_precision: tf32" in s.stdout
    # The snippet set the new switch; reading the old flag after that is an error, not a warning.
    assert torch.backends.cuda.matmul.fp32_precision == "tf32"
    error = "RuntimeError: We suggest only using the new API to set the TF32 flag."
    assert f"old flag read after the new API: {error}" in s.stdout
