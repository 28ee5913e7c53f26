"""The venv's install (tools/install_requirements.sh): the wheel folder's check names exactly the pins without
a file, and the premise of installing two halves at once holds (no file belongs to two distributions)."""

from __future__ import annotations

import importlib.metadata
import os
import runpy
import subprocess
import sys
from collections import defaultdict

import pytest

from tests.conftest import ROOT

wheels_tool = runpy.run_path(str(ROOT / "tools" / "missing_wheels.py"))
missing, pins, normalised = wheels_tool["missing"], wheels_tool["pins"], wheels_tool["normalised"]


def folder_of_every_pin(folder) -> dict:
    """An empty wheel file for each pin of the project's requirements.txt: {pin: path}."""
    files = {}
    for pin in pins(ROOT / "requirements.txt"):
        name, version = pin.split("==")
        files[pin] = folder / f"{normalised(name)}-{version}-py3-none-any.whl"
        files[pin].write_bytes(b"")
    return files


def test_the_folder_check_names_each_pin_without_a_wheel_or_sdist_of_its_version(tmp_path):
    requirements = tmp_path / "requirements.txt"
    requirements.write_text(
        "# the pins\n"
        "torch==2.14.1\n"
        "nvidia-cuda-runtime==13.0.96  # a dash in the name, an underscore in the wheel's\n"
        "jieba==0.42.1\n"
        "PyYAML==6.0.4\n"
        "\n"
        "ruff==0.15.0\n",
        encoding="utf-8",
    )
    folder = tmp_path / "wheels"
    folder.mkdir()
    for name in (
        "torch-2.14.1-cp311-cp311-manylinux_2_28_x86_64.whl",
        "nvidia_cuda_runtime-13.0.96-py3-none-manylinux_2_27_x86_64.whl",
        "jieba-0.42.1.tar.gz",
        "pyyaml-6.0.3-cp311-cp311-manylinux_2_17_x86_64.whl",  # another version: still missing
    ):
        (folder / name).write_bytes(b"")
    assert missing(requirements, folder) == ["PyYAML==6.0.4", "ruff==0.15.0"]


def test_the_folder_check_finds_every_pin_of_the_project_in_a_folder_of_its_files(tmp_path):
    files = folder_of_every_pin(tmp_path)
    assert missing(ROOT / "requirements.txt", tmp_path) == []
    last = list(files)[-1]
    files[last].unlink()
    assert missing(ROOT / "requirements.txt", tmp_path) == [last]


def test_no_file_of_the_venv_belongs_to_two_distributions():
    """Two pip processes install halves of requirements.txt at once: safe only while no two wheels write one
    file. A package that starts sharing a file with another makes this fail before the install races."""
    owners = defaultdict(set)
    for dist in importlib.metadata.distributions():
        name = dist.metadata["Name"]
        for file in dist.files or []:
            owners[str(file)].add(name)
    shared = {path: sorted(names) for path, names in owners.items() if len(names) > 1}
    assert len(owners) > 10_000 and shared == {}


def stand_in_python(tmp_path, check_report: str):
    """A `python` for the install script whose pip installs nothing and whose `pip check` says check_report;
    anything else (the wheel-folder check) runs the real interpreter."""
    report = tmp_path / "check.txt"
    report.write_text(check_report, encoding="utf-8")
    python = tmp_path / "python"
    python.write_text(
        "#!/bin/sh\n"
        'if [ "$1 $2" = "-m pip" ]; then\n'
        f'  case "$*" in *" check"*) cat {report}; [ "$(wc -l < {report})" -le 1 ] ;; *) exit 0 ;; esac\n'
        "  exit\n"
        "fi\n"
        f'exec {sys.executable} "$@"\n',
        encoding="utf-8",
    )
    python.chmod(0o755)
    return python


@pytest.mark.parametrize(
    ("report", "fails"),
    [
        ("No broken requirements found.\n", False),
        ("horovod 0.28.1 requires cffi, which is not installed.\n", False),  # left out on purpose
        (
            "horovod 0.28.1 requires cffi, which is not installed.\n"
            "foo 1.0 requires bar, which is not installed.\n",
            True,
        ),
        ("torchvision 0.29.1 has requirement torch==2.14.1, but you have torch 2.13.0.\n", True),
    ],
)
def test_the_install_fails_on_every_broken_requirement_but_horovods_cffi(tmp_path, report, fails):
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    folder_of_every_pin(wheels)  # nothing to download
    done = subprocess.run(
        [str(ROOT / "tools" / "install_requirements.sh"), str(stand_in_python(tmp_path, report))],
        cwd=ROOT,
        env=dict(os.environ, PYTORCH_NOTES_WHEELS=str(wheels)),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (done.returncode != 0) == fails, done.stderr
    if fails:
        broken = [line for line in report.splitlines() if "cffi" not in line]
        assert done.stderr.splitlines()[1:] == broken
