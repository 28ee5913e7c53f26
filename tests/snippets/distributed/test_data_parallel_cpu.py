import pytest
import torch


def test_without_gpus_dataparallel_has_no_devices_and_just_calls_the_module(run_snippet):
    s = run_snippet("distributed/data_parallel_cpu")
    if torch.cuda.is_available():
        pytest.skip("this machine has GPUs; test_with_gpus_device_ids_are_every_gpu checks that path")
    assert s.dp.device_ids == []
    assert s.stdout.splitlines()[:4] == [
        "visible GPUs: 0",
        "device_ids: []",
        "wraps the same module: True",
        "same output as the bare module: True",
    ]


def test_the_wrapper_prefixes_every_key_with_module(run_snippet):
    s = run_snippet("distributed/data_parallel_cpu")
    assert "state_dict keys: ['module.0.weight', 'module.0.bias']" in s.stdout
    assert "unwrapped keys:  ['0.weight', '0.bias']" in s.stdout
    assert s.dp.module is s.model
    assert all(k.startswith("module.") for k in s.dp.state_dict())


@pytest.mark.gpu
def test_with_gpus_device_ids_are_every_gpu(run_snippet):
    s = run_snippet("distributed/data_parallel_cpu")
    assert s.dp.device_ids == list(range(torch.cuda.device_count()))
    assert "same output as the bare module: True" in s.stdout
