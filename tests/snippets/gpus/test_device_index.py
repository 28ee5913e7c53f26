import pytest
import torch


def test_device_without_index_means_current(run_snippet):
    s = run_snippet("gpus/device_index")
    assert s.current.type == "cuda" and s.current.index is None
    assert s.second.index == 1
    assert "torch.device('cuda'):   device(type='cuda') | index: None" in s.stdout
    assert "torch.device('cuda:1'): device(type='cuda', index=1) | index: 1" in s.stdout
    assert "torch.device('cuda', 1) == torch.device('cuda:1'): True" in s.stdout
    assert "torch.device('cpu').index: None" in s.stdout


def test_cuda_is_not_cuda_0(run_snippet):
    s = run_snippet("gpus/device_index")
    assert s.current != torch.device("cuda:0")
    assert "device('cuda') == device('cuda:0'): False" in s.stdout
    assert "device('cuda').type == device('cuda:0').type: True" in s.stdout


def test_bad_device_string(run_snippet):
    s = run_snippet("gpus/device_index")
    assert s.stdout.splitlines()[6].endswith("privateuseone device type at start of device string: gpu")
    with pytest.raises(RuntimeError, match=r"device type at start of device string: gpu$"):
        torch.device("gpu:0")


def test_accelerator_checks_the_machine_only_when_asked(run_snippet):
    s = run_snippet("gpus/device_index")
    assert "torch.accelerator.current_accelerator(): cuda" in s.stdout  # this is a CUDA build of torch
    expected = "cuda" if torch.cuda.is_available() else "cpu"
    assert s.device.type == expected


def test_arch_list_of_the_pinned_wheel(run_snippet):
    s = run_snippet("gpus/device_index")
    arches = ["sm_75", "sm_80", "sm_86", "sm_90", "sm_100", "sm_120"]  # Turing to Blackwell; no Pascal/Volta
    assert torch.cuda.get_arch_list() == arches
    assert f"GPU code in this build: {arches}" in s.stdout


def test_cpu_branch(run_snippet):
    if torch.cuda.is_available():
        pytest.skip("the CPU branch runs only without CUDA")
    s = run_snippet("gpus/device_index")
    assert s.found is None
    assert "... with check_available=True: None" in s.stdout
    assert "no CUDA device: tensors stay on the CPU, and 'cuda' devices are only names" in s.stdout


@pytest.mark.gpu
def test_tensor_device_carries_the_index(run_snippet):
    s = run_snippet("gpus/device_index")
    assert s.t.device == torch.device("cuda:0") and s.t.device != s.current
    assert "tensor made on 'cuda' lives on: cuda:0 | t.device == device('cuda'): False" in s.stdout
    assert f"visible GPUs: {torch.cuda.device_count()}" in s.stdout
