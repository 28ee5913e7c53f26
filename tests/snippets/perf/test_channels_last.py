"""snippets/perf/channels_last.py: the strides of both memory formats, and a model keeping channels_last."""

import torch


def test_strides_of_both_formats(run_snippet):
    s = run_snippet("perf/channels_last")
    assert s.images.stride() == (3072, 1024, 32, 1)
    assert s.nhwc.stride() == (3072, 1, 96, 3)  # C changes fastest, then W, then H
    assert s.nhwc.shape == s.images.shape and torch.equal(s.nhwc, s.images)
    assert not s.nhwc.is_contiguous() and s.nhwc.is_contiguous(memory_format=torch.channels_last)
    assert "strides: (3072, 1, 96, 3)" in s.stdout


def test_the_model_keeps_channels_last_and_computes_the_same(run_snippet):
    s = run_snippet("perf/channels_last")
    assert s.kernel.is_contiguous(memory_format=torch.channels_last)
    assert s.out.stride() == (32768, 1, 1024, 32)
    assert torch.allclose(s.out, s.reference, atol=1e-5)
    assert s.back.stride() == (32768, 1024, 32, 1) and s.back.is_contiguous()
    assert "output channels_last: True | strides: (32768, 1, 1024, 32)" in s.stdout
