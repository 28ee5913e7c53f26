"""examples/mnist_distributed.py, launched as its reader launches it: torchrun, 2 processes, tiny settings."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
import torch

from docs_runner.launchers import rank_outputs
from tests.conftest import ROOT

EXAMPLE = ROOT / "examples" / "mnist_distributed.py"
TORCHRUN = Path(sys.executable).with_name("torchrun")


@cache
def launch(workdir: str) -> tuple[int, str, str]:
    """torchrun --standalone --nproc-per-node 2 examples/mnist_distributed.py (3 epochs of 512 images):
    (exit code, every rank's output as the build shows it, rank 0 first, each line prefixed "[rankN] ",
    torchrun's own output). Each rank writes its own log (--log-dir, --redirects 3), read back by the engine's
    own reader, so lines from the two processes cannot run into each other."""
    logs = Path(workdir, "logs")
    command = [
        str(TORCHRUN),
        "--standalone",
        "--nproc-per-node",
        "2",
        "--log-dir",
        str(logs),
        "--redirects",
        "3",
    ]
    command += [str(EXAMPLE), "--epochs", "3", "--samples", "512", "--save", str(Path(workdir, "mnist.pt"))]
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONWARNINGS="error")
    if torch.cuda.device_count() < 2:  # fewer GPUs than processes is an error: hide them, as the error says
        env["CUDA_VISIBLE_DEVICES"] = ""
    run = subprocess.run(
        command, capture_output=True, text=True, timeout=300, env=env, start_new_session=True, check=False
    )
    return run.returncode, rank_outputs(logs), run.stdout + run.stderr


def test_two_processes_train_and_agree(tmp_path_factory):
    code, out, launcher = launch(str(tmp_path_factory.getbasetemp()))
    assert code == 0, out + launcher
    assert re.search(
        r"^\[rank0\] 2 processes on (cpu \(gloo\)|cuda \(nccl\)), 512 images, 8 steps per epoch of 32 x 2",
        out,
        re.M,
    )
    if "cpu (gloo)" in out:  # the CPU path is chosen explicitly and said so
        assert out.splitlines()[0] == "[rank0] no CUDA device: CPU processes, gloo backend"
    agree = re.findall(r"^\[rank(\d)\] rank \1: weights identical on all 2 ranks: True$", out, re.M)
    assert agree == ["0", "1"]
    losses = [float(v) for v in re.findall(r"^\[rank0\] epoch \d: mean training loss ([\d.]+)$", out, re.M)]
    assert len(losses) == 3
    assert losses[-1] < losses[0] / 2  # measured on CPU: 3.03, 2.13, 0.34


def test_rank0_checkpoint_loads_anywhere(tmp_path_factory):
    workdir = tmp_path_factory.getbasetemp()
    assert launch(str(workdir))[0] == 0
    state = torch.load(workdir / "mnist.pt", map_location="cpu", weights_only=True)
    assert not any(k.startswith("module.") for k in state)  # saved from model.module
    assert state["9.weight"].shape == (10, 7 * 7 * 32)


def test_the_old_scripts_flags_point_to_torchrun():
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), "-n", "4", "-g", "8", "-nr", "0"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 2
    assert run.stderr.splitlines()[-1] == (
        "mnist_distributed.py: error: nodes and processes are torchrun's business now "
        "(-n -> torchrun --nnodes, -g -> torchrun --nproc-per-node, -nr -> torchrun --node-rank); see --help"
    )


def test_help_shows_the_torchrun_command_for_the_old_example():
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), "--help"], capture_output=True, text=True, timeout=120, check=True
    )
    assert "python mnist-distributed.py -n 4 -g 8 -nr i" in run.stdout
    assert (
        "torchrun --nnodes 4 --nproc-per-node 8 --node-rank i --rdzv-endpoint HOST:29500 "
        "examples/mnist_distributed.py" in run.stdout
    )


def load_example():
    spec = importlib.util.spec_from_file_location("mnist_distributed", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_fewer_gpus_than_processes_is_an_error_not_a_quiet_fallback(monkeypatch):
    example = load_example()
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "device_count", lambda: 1)
    with pytest.raises(SystemExit) as exc:
        example.pick_device(local_rank=1, local_world=2)
    assert str(exc.value) == (
        "mnist_distributed.py: 2 processes on this machine but 1 GPU(s); start at most 1 "
        "(torchrun --nproc-per-node 1), or hide the GPUs (CUDA_VISIBLE_DEVICES=) to train on the CPU"
    )
    monkeypatch.setattr(torch.cuda, "device_count", lambda: 2)
    assert example.pick_device(local_rank=1, local_world=2) == torch.device("cuda", 1)


def test_no_cuda_at_all_means_cpu_processes(monkeypatch):
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    assert load_example().pick_device(local_rank=1, local_world=2) == torch.device("cpu")


def test_collectives_keep_the_default_timeout():
    source = EXAMPLE.read_text()
    assert 'dist.init_process_group("nccl" if cuda else "gloo")  # default timeout' in source
    assert "timeout=" not in source
