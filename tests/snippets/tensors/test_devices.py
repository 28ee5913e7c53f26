import pytest
import torch


def test_device_falls_back_to_cpu(run_snippet):
    s = run_snippet("tensors/devices")
    expected = "cuda" if torch.cuda.is_available() else "cpu"
    assert s.device.type == expected
    assert s.moved.device.type == expected
    assert s.moved.dtype == torch.float32  # moving keeps the dtype


def test_cpu_path(run_snippet):
    if torch.cuda.is_available():
        pytest.skip("the CPU branch runs only without CUDA")
    s = run_snippet("tensors/devices")
    assert s.cpu_x.type() == "torch.FloatTensor"
    assert s.moved is s.cpu_x  # .to(cpu) on a CPU tensor is a no-op
    assert s.counts.type() == "torch.LongTensor" and s.counts.tolist() == [3, 3, 3, 3]
    assert "no CUDA device here: .cuda() is skipped and every tensor stays on the CPU" in s.stdout
    assert "after .to(device): cpu | dtype: torch.float32 | .type(): torch.FloatTensor" in s.stdout


def test_to_returns_same_object_when_already_there(run_snippet):
    s = run_snippet("tensors/devices")
    assert s.moved.to(s.device) is s.moved
    assert s.cpu_x.cpu() is s.cpu_x
    assert "moved.to(device) is moved: True" in s.stdout
    assert "to(device, copy=True) is moved: False" in s.stdout


@pytest.mark.gpu
def test_cuda_path_keeps_dtype(run_snippet):
    s = run_snippet("tensors/devices")
    assert s.moved.type() == "torch.cuda.FloatTensor"
    assert s.gpu_float.type() == "torch.cuda.FloatTensor"
    assert s.gpu_counts.type() == "torch.cuda.LongTensor"
    assert s.gpu_counts.device.type == "cuda" and s.gpu_counts.device.index == 0
    assert s.back_on_cpu.type() == "torch.LongTensor" and s.back_on_cpu.tolist() == [3, 3, 3, 3]
