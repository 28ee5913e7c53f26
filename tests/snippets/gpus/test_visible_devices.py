import site
from pathlib import Path

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


def test_isolated_mode_still_runs_site_packages_pth_files(run_snippet):
    s = run_snippet("gpus/visible_devices")
    # -I ignores PYTHON* variables and the user site, but the site module still runs ...
    flags = "sys.flags.isolated, sys.flags.no_user_site, sys.flags.no_site"
    assert s.run(f"import sys; print({flags})") == "1 1 0"
    # ... and with it every .pth file in site-packages: the modules their import lines load are loaded
    imported = set()
    for pth in Path(site.getsitepackages()[0]).glob("*.pth"):
        for line in pth.read_text().splitlines():
            if line.startswith("import "):
                imported.add(line.removeprefix("import ").split(";")[0].split(",")[0].strip())
    assert imported  # this environment has at least one (the editable install's)
    check = f"import sys; print(all(m in sys.modules for m in {sorted(imported)!r}))"
    assert s.run(check) == "True"
