import pytest
import torch


def test_both_operands_and_the_product_are_on_the_chosen_device(run_snippet):
    s = run_snippet("tensors/gpu_matmul")
    expected = "cuda" if torch.cuda.is_available() else "cpu"
    assert s.device.type == expected
    assert s.a.device == s.b.device == s.c.device == s.device  # made there, multiplied there
    assert s.c.shape == (5, 4) and s.c.dtype == torch.float32
    assert torch.allclose(s.c.cpu(), s.a.cpu() @ s.b.cpu())
    assert "same as the CPU matmul: True" in s.stdout.splitlines()
    assert s.a.min() >= -1 and s.a.max() < 1  # torch.rand(...) * 2 - 1
    assert s.b.min() >= -1 and s.b.max() < 1


def test_cpu_fallback_says_so(run_snippet):
    if torch.cuda.is_available():
        pytest.skip("the CPU fallback runs only without CUDA")
    s = run_snippet("tensors/gpu_matmul")
    assert s.stdout.splitlines()[0] == "device: cpu (no CUDA device, CPU fallback)"
    assert "c = a @ b: (5, 4) cpu torch.float32" in s.stdout.splitlines()
    assert s.mismatch is None


@pytest.mark.gpu
def test_the_matmul_ran_on_the_gpu(run_snippet):
    s = run_snippet("tensors/gpu_matmul")
    assert s.c.is_cuda and s.c.device.index == 0
    assert s.stdout.splitlines()[0] == "device: cuda (the GPU does the work)"
    assert "Expected all tensors to be on the same device" in s.mismatch
