"""examples/tensor_linear_fit.py: run as a reader would (CLI, tiny settings) and as a module."""

from __future__ import annotations

import re
import runpy
import subprocess
import sys

import pytest
import torch

from tests.conftest import ROOT

EXAMPLE = ROOT / "examples" / "tensor_linear_fit.py"


def test_cli_run_recovers_slope_and_intercept():
    proc = subprocess.run(
        [sys.executable, str(EXAMPLE), "--samples", "64", "--epochs", "400", "--lr", "0.05", "--seed", "1"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    w, b = map(float, re.search(r"lstsq: w=([-\d.]+), b=([-\d.]+)", proc.stdout).groups())
    assert w == pytest.approx(2, abs=0.05) and b == pytest.approx(1, abs=0.05)
    gap_w, gap_b = map(float, re.search(r"gap to lstsq: w ([\d.e+-]+), b ([\d.e+-]+)", proc.stdout).groups())
    assert gap_w < 1e-3 and gap_b < 1e-3


def test_gradient_descent_matches_closed_form(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", [str(EXAMPLE), "--samples", "32", "--epochs", "300", "--lr", "0.05"])
    ns = runpy.run_path(str(EXAMPLE), run_name="__main__")
    capsys.readouterr()
    assert ns["x"].shape == (32, 1) and ns["x"].dtype == torch.float32
    assert ns["w"].item() == pytest.approx(ns["w_exact"], abs=1e-3)
    assert ns["b"].item() == pytest.approx(ns["b_exact"], abs=1e-3)


def test_same_seed_same_data():
    def data(seed):
        out = subprocess.run(
            [sys.executable, str(EXAMPLE), "--epochs", "4", "--seed", str(seed)],
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        ).stdout
        return out.split("device=")[1]

    assert data(3) == data(3) and data(3) != data(4)
