"""snippets/install/exercise_in_venv.py (an exercise's solution), run in-process."""

import sys
from pathlib import Path

import torch


def test_the_venv_line_reads_sys_prefix(run_snippet):
    s = run_snippet("install/exercise_in_venv")
    assert s.in_venv == (sys.prefix != sys.base_prefix)
    assert s.in_venv  # the build and the tests run in the project's .venv
    assert f"inside a virtual environment: {s.in_venv}" in s.stdout.splitlines()


def test_torch_comes_from_this_environment(run_snippet):
    s = run_snippet("install/exercise_in_venv")
    assert s.from_this_env
    assert (Path(sys.prefix).resolve() / "lib").is_dir()
    assert "torch imported from this environment: True" in s.stdout.splitlines()
    assert s.torch_folder.name == "torch" and s.torch_folder.parent.name == "site-packages"


def test_cpu_only_line_follows_torch_version_cuda(run_snippet):
    s = run_snippet("install/exercise_in_venv")
    assert s.cpu_wheel == (torch.version.cuda is None)
    assert s.stdout.splitlines()[-1] == f"CPU-only torch: {torch.version.cuda is None}"
