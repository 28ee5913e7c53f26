"""snippets/amp/autocast_ops.py: which ops autocast lowers and which it keeps in fp32, per device."""

import pytest
import torch

LOWERED = ["linear", "matmul", "conv2d"]
FP32 = ["cross_entropy", "mse_loss", "prod", "BCEWithLogitsLoss", "h + x (add)", "cat([h, x])"]
# On the CPU these follow their input (bf16 in, bf16 out); CUDA's autocast lists them as fp32 ops.
FOLLOW_ON_CPU = ["softmax", "log_softmax", "sum", "exp", "layer_norm"]


def test_matmuls_and_convolutions_run_low_losses_fp32(run_snippet):
    s = run_snippet("amp/autocast_ops")
    assert s.h.dtype == s.low
    for op in LOWERED:
        assert s.result[op] == s.low, op
    for op in FP32:
        assert s.result[op] == torch.float32, op
    assert s.result["relu"] == s.low  # in no list: runs in its input's dtype
    assert "w itself after autocast: torch.float32" in s.stdout and s.w.dtype == torch.float32


def test_cpu_lists(run_snippet):
    if torch.cuda.is_available():
        pytest.skip("the snippet ran on CUDA here; test_cuda_lists checks that device")
    s = run_snippet("amp/autocast_ops")
    assert "device: cpu, autocast dtype: torch.bfloat16; h = linear(x) is torch.bfloat16" in s.stdout
    for op in FOLLOW_ON_CPU:
        assert s.result[op] == torch.bfloat16, op
    assert "  softmax           -> bfloat16" in s.stdout
    assert "  cross_entropy     -> float32" in s.stdout
    # CPU autocast runs BCELoss (binary_cross_entropy) in fp32, as any loss; CUDA refuses it (below).
    assert "  BCELoss           -> float32" in s.stdout and s.errors == {}
    assert "softmax(h) outside autocast: torch.bfloat16" in s.stdout


@pytest.mark.gpu
def test_cuda_lists(run_snippet):
    s = run_snippet("amp/autocast_ops")
    assert s.low is torch.float16
    for op in FOLLOW_ON_CPU:
        assert s.result[op] == torch.float32, op
    assert "softmax(h) outside autocast: torch.float16" in s.stdout


@pytest.mark.gpu
def test_cuda_autocast_refuses_binary_cross_entropy(run_snippet):
    s = run_snippet("amp/autocast_ops")
    assert set(s.errors) == {"BCELoss"} and s.result["BCEWithLogitsLoss"] == torch.float32
    first = "torch.nn.functional.binary_cross_entropy and torch.nn.BCELoss are unsafe to autocast."
    assert f"  BCELoss           -> RuntimeError: {first}" in s.stdout
    assert "torch.nn.BCEWithLogitsLoss" in s.errors["BCELoss"]  # the message names the fix
    with torch.autocast("cuda", dtype=torch.float16), pytest.raises(RuntimeError, match="unsafe to autocast"):
        torch.nn.functional.binary_cross_entropy(torch.rand(4, device="cuda"), torch.rand(4, device="cuda"))
