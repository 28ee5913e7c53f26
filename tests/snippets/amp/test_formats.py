"""snippets/amp/formats.py: the finfo table, exactly, and that its extremes survive a round trip."""

import base64

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


def test_bf16_has_fp32s_range(run_snippet):
    s = run_snippet("amp/formats")
    assert "bf16 and fp32 share the smallest normal number: True" in s.stdout
    assert s.same_range is True
    assert (
        torch.finfo(torch.bfloat16).max < torch.finfo(torch.float32).max
    )  # same exponent, fewer mantissa bits


def test_the_figure_draws_the_table(run_snippet, build_record):
    s = run_snippet("amp/formats")
    assert s.drawn == [torch.float32, torch.float16, torch.bfloat16]
    # Bit fields from finfo: sign + exponent + mantissa = bits, mantissa from eps.
    assert [s.table[d][:3] for d in s.drawn] == [(32, 8, 23), (16, 5, 10), (16, 8, 7)]
    assert all(1 + e + m == b for b, e, m in (s.table[d][:3] for d in s.drawn))
    # Ranges (min subnormal, min normal, max) exactly as finfo gives them.
    assert [(s.table[d][5], s.table[d][4], s.table[d][3]) for d in s.drawn] == [
        (2.0**-149, 2.0**-126, torch.finfo(torch.float32).max),
        (2.0**-24, 2.0**-14, 65504.0),
        (2.0**-133, 2.0**-126, torch.finfo(torch.bfloat16).max),
    ]
    # What is drawn: one bar per field (3 dtypes x 3 fields), two range segments per dtype.
    bars = s.bits_ax.patches
    assert [(b.get_x(), b.get_width()) for b in bars] == [
        (0, 1),
        (1, 8),
        (9, 7),
        (0, 1),
        (1, 5),
        (6, 10),
        (0, 1),
        (1, 8),
        (9, 23),
    ]
    segments = [tuple(line.get_xdata()) for line in s.range_ax.lines]
    assert segments[2:4] == [(2.0**-24, 2.0**-14), (2.0**-14, 65504.0)]  # float16, the middle row
    png = base64.b64decode(build_record("amp/formats").figures["float_formats.png"])
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
