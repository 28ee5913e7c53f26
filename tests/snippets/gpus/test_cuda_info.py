import pytest
import torch

# The snippet is `# needs: cuda`: every test here needs a GPU.


@pytest.mark.gpu
def test_capability_and_bf16(run_snippet):
    s = run_snippet("gpus/cuda_info")
    major, minor = torch.cuda.get_device_capability(0)
    assert (s.major, s.minor) == torch.cuda.get_device_capability(s.last)
    assert f"compute capability {major}.{minor}" in s.stdout
    assert f"bf16 supported: {torch.cuda.is_bf16_supported()}" in s.stdout
    assert f"| natively: {major >= 8}" in s.stdout  # native bf16 from Ampere (8.0) on


@pytest.mark.gpu
def test_memory_numbers(run_snippet):
    s = run_snippet("gpus/cuda_info")
    assert 0 < s.free <= s.total
    assert "allocated by this tensor: 256 MiB" in s.stdout
    assert "allocated after del: 0 MiB | reserved by PyTorch: " in s.stdout


@pytest.mark.gpu
def test_device_without_index_follows_the_current_device(run_snippet):
    s = run_snippet("gpus/cuda_info")
    assert s.inside.device == torch.device("cuda", s.last)
    assert f"after set_device({s.last}): cuda:{s.last}" in s.stdout
