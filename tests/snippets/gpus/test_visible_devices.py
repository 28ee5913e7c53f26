import pytest
import torch


def test_empty_list_hides_every_gpu(run_snippet):
    s = run_snippet("gpus/visible_devices")
    assert s.results['CUDA_VISIBLE_DEVICES="" from outside'] == "0 False"
    assert s.results["set in code before any CUDA call"] == "False"
    assert s.run(s.COUNT, CUDA_VISIBLE_DEVICES="") == "0 False"
    assert 'CUDA_VISIBLE_DEVICES="" from outside:   0 False' in s.stdout.splitlines()
    assert "set in code before any CUDA call:       False" in s.stdout.splitlines()


def test_cpu_machine_sees_no_gpu_in_any_case(run_snippet):
    if torch.cuda.is_available():
        pytest.skip("the CPU branch runs only without CUDA")
    s = run_snippet("gpus/visible_devices")
    assert s.results["inherited environment"] == "0 False"
    assert s.results["set in code after the first CUDA call"] == "False"
    assert "inherited environment:                  0 False" in s.stdout.splitlines()


@pytest.mark.gpu
def test_setting_it_after_the_first_cuda_call_is_too_late(run_snippet):
    s = run_snippet("gpus/visible_devices")
    assert s.results["inherited environment"] == f"{torch.cuda.device_count()} True"
    assert s.results["set in code before any CUDA call"] == "False"
    assert s.results["set in code after the first CUDA call"] == "True"  # the change came too late
    assert "set in code after the first CUDA call:  True" in s.stdout.splitlines()


def test_space_before_equals_is_a_shell_error(run_snippet):
    s = run_snippet("gpus/visible_devices")
    assert s.typo.returncode == 127  # bash: command not found
    assert "CUDA_VISIBLE_DEVICES: command not found" in s.typo.stderr
    assert "`CUDA_VISIBLE_DEVICES =1 python ...` exit code: 127" in s.stdout
