"""snippets/install/check_install.py, run in-process. The version and device lines differ from machine to
machine (the build states its own), so they are checked by label and format; the computed lines exactly."""

import re

import torch

LABELS = [
    "torch version",
    "CUDA build",
    "CUDA available",
    "accelerator",
    "CPU threads",
    "computed on",
    "x",
    "x @ x",
]


def lines(stdout: str) -> dict[str, str]:
    """label -> value, in the order printed."""
    return dict(line.split(": ", 1) for line in stdout.splitlines())


def test_every_line_has_its_plain_label_in_order(run_snippet):
    s = run_snippet("install/check_install")
    assert list(lines(s.stdout)) == LABELS


def test_version_and_cuda_lines_are_this_torchs(run_snippet):
    s = run_snippet("install/check_install")
    printed = lines(s.stdout)
    assert re.fullmatch(r"\d+\.\d+\.\d+\S*", printed["torch version"])
    assert printed["torch version"] == torch.__version__
    assert re.fullmatch(r"None|\d+\.\d+", printed["CUDA build"])
    assert printed["CUDA build"] == str(torch.version.cuda)
    if printed["torch version"].endswith("+cpu"):  # a wheel from the CPU index carries no CUDA
        assert printed["CUDA build"] == "None"


def test_device_lines_agree_with_where_the_product_ran(run_snippet):
    s = run_snippet("install/check_install")
    printed = lines(s.stdout)
    on_gpu = s.y.device.type == "cuda"
    assert printed["CUDA available"] == str(on_gpu)
    assert printed["accelerator"] == ("cuda" if on_gpu else "None")
    assert printed["computed on"] == ("cuda:0" if on_gpu else "cpu")
    assert re.fullmatch(r"[1-9]\d*", printed["CPU threads"])


def test_is_available_is_what_makes_the_accelerator_line_honest(run_snippet):
    """current_accelerator() alone names the kind torch was built for: cuda even where no GPU is visible."""
    s = run_snippet("install/check_install")
    assert s.accelerator == (torch.device("cuda") if s.y.device.type == "cuda" else None)
    if torch.version.cuda is not None and s.y.device.type == "cpu":
        assert torch.accelerator.current_accelerator() == torch.device("cuda")
        assert not torch.accelerator.is_available()


def test_the_first_tensor_and_its_product(run_snippet):
    s = run_snippet("install/check_install")
    assert s.x.tolist() == [[1.0, 2.0], [3.0, 4.0]]
    assert s.y.tolist() == [[7.0, 10.0], [15.0, 22.0]]  # [1*1 + 2*3, 1*2 + 2*4], [3*1 + 4*3, 3*2 + 4*4]
    assert "x: [[1.0, 2.0], [3.0, 4.0]]" in s.stdout.splitlines()
    assert s.stdout.splitlines()[-1] == "x @ x: [[7.0, 10.0], [15.0, 22.0]]"
