"""examples/train_amp.py: run as a reader runs it and through main(argv), with tiny settings; the dtypes
each switch gives, the scaler only for fp16, losses that fall, and a checkpoint that holds the scaler."""

from __future__ import annotations

import re
import runpy
import subprocess
import sys
from functools import cache

import pytest
import torch

from tests.conftest import ROOT

EXAMPLE = ROOT / "examples" / "train_amp.py"
TINY = ("--samples", "320", "--batch-size", "32", "--epochs", "3")
CUDA = torch.cuda.is_available()


@cache
def main(*argv: str) -> dict:
    """main(argv) of the example, run once per argument list (in this test module's process)."""
    return runpy.run_path(str(EXAMPLE))["main"]([*TINY, *argv])


def test_cli_defaults_to_amp_with_the_device_dtype():
    out = subprocess.run(
        [sys.executable, "-W", "error", str(EXAMPLE), *TINY],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout
    if CUDA:
        assert "device: cuda | amp: on (torch.float16) | grad scaler: on" in out
    else:
        assert "device: cpu | amp: on (torch.bfloat16) | grad scaler: off" in out
        assert "logits dtype torch.bfloat16, loss dtype torch.float32, weights torch.float32" in out
    losses = [float(v) for v in re.findall(r"train loss ([\d.]+)", out)]
    assert len(losses) == 3 and losses[-1] < losses[0]
    assert re.search(r"^final test accuracy: [\d.]+%$", out, re.M)


def test_bf16_autocast_computes_low_keeps_fp32_weights_and_needs_no_scaler(capsys):
    run = main("--dtype", "bf16", "--device", "cpu")
    assert run["dtype"] is torch.bfloat16 and run["args"].amp is True
    assert run["logits"].dtype == torch.bfloat16 and run["loss"].dtype == torch.float32
    assert all(p.dtype == torch.float32 for p in run["model"].parameters())
    assert not run["scaler"].is_enabled() and run["skipped"] == 0
    assert run["losses"][-1] < run["losses"][0]


def test_no_amp_is_plain_fp32():
    run = main("--no-amp", "--device", "cpu")
    assert run["args"].amp is False
    assert run["logits"].dtype == torch.float32 and not run["scaler"].is_enabled()
    assert run["losses"][-1] < run["losses"][0]


def test_bf16_learns_like_fp32():
    """Same data, same initial weights: autocast changes the rounding, not the course of training."""
    amp, fp32 = main("--dtype", "bf16", "--device", "cpu"), main("--no-amp", "--device", "cpu")
    for a, b in zip(amp["losses"], fp32["losses"], strict=True):
        assert a == pytest.approx(b, abs=0.02)


def test_fp16_on_the_cpu_uses_a_grad_scaler_and_saves_its_state(tmp_path, capsys):
    path = tmp_path / "amp.pt"
    run = main("--dtype", "fp16", "--device", "cpu", "--save", str(path))
    assert run["logits"].dtype == torch.float16 and run["loss"].dtype == torch.float32
    assert run["scaler"].is_enabled() and run["scaler"].get_scale() == 65536.0 and run["skipped"] == 0
    assert run["losses"][-1] < run["losses"][0]
    checkpoint = torch.load(path, weights_only=True)
    assert set(checkpoint) == {"model", "optimizer", "scaler"}
    assert checkpoint["scaler"] == run["scaler"].state_dict()
    assert checkpoint["scaler"]["_growth_tracker"] == 3 * 8  # 8 clean steps per epoch (256 images / 32)


def test_bad_arguments_are_refused(capsys):
    entry = runpy.run_path(str(EXAMPLE))["main"]
    with pytest.raises(SystemExit) as exc:
        entry(["--dtype", "fp8"])
    assert exc.value.code == 2
    assert "argument --dtype: invalid choice: 'fp8' (choose from 'bf16', 'fp16')" in capsys.readouterr().err
    if not CUDA:
        with pytest.raises(SystemExit):
            entry(["--device", "cuda"])
        assert (
            "--device cuda was asked for, but torch.cuda.is_available() is False" in capsys.readouterr().err
        )


@pytest.mark.gpu
def test_cuda_fp16_with_scaler():
    run = main("--device", "cuda")
    assert run["device"].type == "cuda" and run["dtype"] is torch.float16
    assert run["scaler"].is_enabled() and run["logits"].dtype == torch.float16
    assert next(run["model"].parameters()).dtype == torch.float32
    assert run["losses"][-1] < run["losses"][0]
