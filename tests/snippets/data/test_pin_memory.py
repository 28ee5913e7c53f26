import warnings

import pytest
import torch
from torch.utils.data import DataLoader


def test_cpu_only_pin_memory_warns_and_does_nothing(run_snippet):
    if torch.cuda.is_available():
        pytest.skip("the CPU branch runs only without CUDA")
    s = run_snippet("data/pin_memory")
    message = (
        "'pin_memory' argument is set as true but no accelerator is found, "
        "then device pinned memory won't be used."
    )
    assert f'warnings: ["UserWarning: {message}"]' in s.stdout
    assert len(s.caught) == 1 and s.caught[0].category is UserWarning
    assert not s.features.is_pinned()
    assert "batch is pinned: False" in s.stdout
    with pytest.raises(UserWarning, match="no accelerator is found"):  # warnings are errors here
        next(iter(DataLoader(s.data, batch_size=4, pin_memory=True)))


def test_cpu_only_tensor_pin_memory_raises(run_snippet):
    if torch.cuda.is_available():
        pytest.skip("the CPU branch runs only without CUDA")
    s = run_snippet("data/pin_memory")
    with pytest.raises(RuntimeError) as err:
        torch.ones(2).pin_memory()
    assert f"tensor.pin_memory() -> RuntimeError: {err.value}" in s.stdout
    assert "to(cpu, non_blocking=True) is the same tensor: True" in s.stdout


@pytest.mark.gpu
def test_gpu_batches_are_pinned_and_copy_asynchronously(run_snippet):
    s = run_snippet("data/pin_memory")
    assert s.caught == [] and "warnings: []" in s.stdout
    assert s.features.is_pinned()
    assert "batch is pinned: True" in s.stdout
    assert s.on_gpu.device.type == "cuda" and s.on_gpu.cpu().tolist() == s.features.tolist()
    assert "| sum: 28.0" in s.stdout  # 0 + 1 + ... + 7
    assert "tensor.pin_memory() works too: True" in s.stdout
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        next(iter(DataLoader(s.data, batch_size=4, pin_memory=True)))  # no warning with a GPU
