"""snippets/gpus/visible_devices.py: CUDA_VISIBLE_DEVICES counts only before the first CUDA call.

The file starts a fresh interpreter for each case (about 15 s): `make test` asserts on the build's run, `make
test-all` runs it again and checks the objects (the shell's exit code, extra runs in fresh interpreters)."""

import site
from pathlib import Path

import pytest
import torch


def test_the_build_saw_an_empty_list_hide_every_gpu_and_the_typo_fail(build_record):
    lines = build_record("gpus/visible_devices").output.splitlines()
    assert 'CUDA_VISIBLE_DEVICES="" from outside:   0 False' in lines
    assert "set in code before any CUDA call:       False" in lines
    assert "`CUDA_VISIBLE_DEVICES =1 python ...` exit code: 127" in lines
    assert any(line.strip().endswith("CUDA_VISIBLE_DEVICES: command not found") for line in lines)


def test_the_build_on_a_cpu_machine_saw_no_gpu_in_any_case(build_record):
    if torch.cuda.is_available():
        pytest.skip("the CPU branch runs only without CUDA")
    lines = build_record("gpus/visible_devices").output.splitlines()
    assert "inherited environment:                  0 False" in lines
    assert "set in code after the first CUDA call:  False" in lines


@pytest.mark.exhaustive
def test_empty_list_hides_every_gpu(run_snippet):
    s = run_snippet("gpus/visible_devices")
    assert s.results['CUDA_VISIBLE_DEVICES="" from outside'] == "0 False"
    assert s.results["set in code before any CUDA call"] == "False"
    assert s.run(s.COUNT, CUDA_VISIBLE_DEVICES="") == "0 False"
    assert 'CUDA_VISIBLE_DEVICES="" from outside:   0 False' in s.stdout.splitlines()
    assert "set in code before any CUDA call:       False" in s.stdout.splitlines()


@pytest.mark.exhaustive
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


@pytest.mark.exhaustive
def test_space_before_equals_is_a_shell_error(run_snippet):
    s = run_snippet("gpus/visible_devices")
    assert s.typo.returncode == 127  # bash: command not found
    assert "CUDA_VISIBLE_DEVICES: command not found" in s.typo.stderr
    assert "`CUDA_VISIBLE_DEVICES =1 python ...` exit code: 127" in s.stdout


@pytest.mark.exhaustive
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
