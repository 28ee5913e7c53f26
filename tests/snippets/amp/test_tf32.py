"""snippets/amp/tf32.py: the TF32 switches, old and new, and that they must not be mixed."""

import torch


def test_default_tf32_switches(run_snippet):
    s = run_snippet("amp/tf32")
    # The defaults: float32 matmuls stay full fp32; cuDNN convolutions may use TF32.
    assert "float32 matmul precision: highest" in s.stdout
    assert "cuBLAS matmuls may use TF32: False" in s.stdout
    assert "cuDNN convolutions may use TF32: True" in s.stdout


def test_the_newer_fp32_precision_switches(run_snippet):
    s = run_snippet("amp/tf32")
    # Defaults: matmuls not set ("none": the level above decides, so full fp32), convolutions allowed TF32.
    assert "cuda.matmul.fp32_precision: none" in s.stdout
    assert "cudnn.conv.fp32_precision: tf32" in s.stdout
    # The snippet set the new switch; reading the old flag after that is an error, not a warning.
    assert torch.backends.cuda.matmul.fp32_precision == "tf32"
    error = "RuntimeError: We suggest only using the new API to set the TF32 flag."
    assert f"old flag read after the new API: {error}" in s.stdout
