"""examples/train_amp.py: run as a reader runs it and through main(argv), with tiny settings; the dtypes
each switch gives, the scaler only for fp16, losses that fall, a checkpoint that holds the scaler, one read of
the device per epoch, and bf16 refused on a GPU that can only emulate it."""

from __future__ import annotations

import os
import re
import runpy
import subprocess
import sys
from functools import cache
from types import SimpleNamespace

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


def test_the_host_reads_the_device_once_per_epoch(monkeypatch, capsys):
    """Reading a tensor's value (item, tolist, bool, float, int) waits for the device: a host sync on a GPU.
    Counted from anywhere but data loading (its sampler tensors live on the host), GradScaler included."""
    reads = []

    def counting(name: str):
        real = getattr(torch.Tensor, name)

        def read(self, *args, **kwargs):
            caller = sys._getframe(1).f_code.co_filename
            if f"torch{os.sep}utils{os.sep}data" not in caller:
                reads.append((name, os.path.basename(caller)))
            return real(self, *args, **kwargs)

        return read

    for name in ("item", "tolist", "__bool__", "__float__", "__int__"):
        monkeypatch.setattr(torch.Tensor, name, counting(name))
    run = runpy.run_path(str(EXAMPLE))["main"]([*TINY, "--dtype", "fp16", "--device", "cpu"])
    assert reads == [("tolist", "train_amp.py")] * 3  # one per epoch, for its log line
    assert run["scaler"].is_enabled() and run["skipped"] == 0
    assert "epoch 3: train loss" in capsys.readouterr().out


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


def pretend_gpu(monkeypatch, capability: tuple[int, int]) -> list[dict]:
    """Make torch.cuda describe one GPU of this compute capability, on which a bf16 tensor can be created
    (as on a Turing card, where bf16 is emulated); return the keyword arguments of each is_bf16_supported
    call. torch's own is_bf16_supported runs, on these answers."""
    props = SimpleNamespace(major=capability[0], minor=capability[1])
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "current_device", lambda: 0)
    monkeypatch.setattr(torch.cuda, "get_device_properties", lambda device=None: props)
    monkeypatch.setattr(torch.cuda, "get_device_capability", lambda device=None: capability)
    monkeypatch.setattr(torch.cuda, "_check_bf16_tensor_supported", lambda device: True)
    calls, real = [], torch.cuda.is_bf16_supported

    def spy(**kwargs):
        calls.append(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(torch.cuda, "is_bf16_supported", spy)
    return calls


class PastTheChecks(Exception):
    """Raised by torch.manual_seed, the first call after the argument checks: main() got past them."""


def test_bf16_on_an_emulating_gpu_is_refused(monkeypatch, capsys):
    """Turing (7.5) can store bf16 but has no bf16 arithmetic: the default check says yes, the example no."""
    calls = pretend_gpu(monkeypatch, (7, 5))
    assert torch.cuda.is_bf16_supported() is True  # emulation counts by default
    assert torch.cuda.is_bf16_supported(including_emulation=False) is False
    calls.clear()
    entry = runpy.run_path(str(EXAMPLE))["main"]
    with pytest.raises(SystemExit) as exc:
        entry(["--device", "cuda", "--dtype", "bf16"])
    assert exc.value.code == 2
    assert calls == [{"including_emulation": False}]
    message = "error: --dtype bf16: this GPU (compute capability 7.5) has no native bfloat16, only a slow"
    assert f"{message} emulation; use --dtype fp16" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("capability", "argv", "checked"),
    [
        pytest.param((8, 0), ["--dtype", "bf16"], True, id="ampere-bf16"),  # native bf16
        pytest.param((7, 5), ["--dtype", "fp16"], False, id="turing-fp16"),  # fp16 needs no check
        pytest.param((7, 5), ["--dtype", "bf16", "--no-amp"], False, id="turing-no-amp"),  # no autocast
        pytest.param((7, 5), [], False, id="turing-default"),  # the CUDA default is fp16
    ],
)
def test_what_passes_the_bf16_check(monkeypatch, capability, argv, checked):
    calls = pretend_gpu(monkeypatch, capability)

    def stop(seed):
        raise PastTheChecks

    monkeypatch.setattr(torch, "manual_seed", stop)
    with pytest.raises(PastTheChecks):
        runpy.run_path(str(EXAMPLE))["main"](["--device", "cuda", *argv])
    assert calls == ([{"including_emulation": False}] if checked else [])


@pytest.mark.gpu
def test_cuda_bf16_only_where_it_is_native(capsys):
    major, minor = torch.cuda.get_device_capability()
    if major >= 8:
        run = main("--device", "cuda", "--dtype", "bf16")
        assert run["dtype"] is torch.bfloat16 and not run["scaler"].is_enabled()
        assert run["logits"].dtype == torch.bfloat16 and run["loss"].dtype == torch.float32
        assert run["losses"][-1] < run["losses"][0]
    else:
        with pytest.raises(SystemExit) as exc:
            main("--device", "cuda", "--dtype", "bf16")
        assert exc.value.code == 2
        assert (
            f"this GPU (compute capability {major}.{minor}) has no native bfloat16" in capsys.readouterr().err
        )


@pytest.mark.gpu
def test_cuda_fp16_with_scaler():
    run = main("--device", "cuda")
    assert run["device"].type == "cuda" and run["dtype"] is torch.float16
    assert run["scaler"].is_enabled() and run["logits"].dtype == torch.float16
    assert next(run["model"].parameters()).dtype == torch.float32
    assert run["losses"][-1] < run["losses"][0]
