"""examples/train_classifier.py: the CLI as a reader runs it, its flags, and the page sections showing it."""

from __future__ import annotations

import argparse
import os
import re
import runpy
import subprocess
import sys
from functools import cache
from itertools import pairwise

import jupytext
import pytest
import torch
from _includes import INCLUDE_LINE, section_text
from torch import nn

from tests.conftest import ROOT

EXAMPLE = ROOT / "examples" / "train_classifier.py"
SECTIONS = ["imports", "args", "setup", "data", "model", "evaluate", "train"]
# Measured on torch 2.14.1, CPU, default settings: 98.0% after 20 epochs and 96-100% from epoch 7 on;
# seeds 1 and 2 end at 98.0% and 96.0%. Chance is 50%.
MIN_ACCURACY = 0.90


@cache
def cli(*args: str) -> str:
    """stdout of `python examples/train_classifier.py *args`, run once per argument list."""
    return subprocess.run(
        [sys.executable, "-W", "error", str(EXAMPLE), *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout


def final_accuracy(stdout: str) -> float:
    return float(re.search(r"^final test accuracy: ([\d.]+)%$", stdout, re.M)[1]) / 100


def test_cli_learns_the_spirals():
    out = cli()  # the defaults are tiny already: 1000 points, 20 epochs, about a second of compute
    assert final_accuracy(out) >= MIN_ACCURACY
    assert "train: 800 points, test: 200 points, 25 batches per epoch" in out
    assert "parameters: 4482" in out
    losses = [float(v) for v in re.findall(r"train loss ([\d.]+)", out)]
    assert len(losses) == 20 and losses[-1] < losses[0] / 4


def test_same_seed_same_output_other_seed_other_output():
    again = subprocess.run(
        [sys.executable, str(EXAMPLE)], capture_output=True, text=True, check=True, timeout=300
    ).stdout
    assert again == cli()
    other = cli("--epochs", "3", "--seed", "1")
    assert "seed=1" in other
    assert epoch_lines(other) != epoch_lines(cli())[:3]  # the numbers differ, not only the printed seed


def epoch_lines(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines() if line.startswith("epoch")]


@pytest.fixture
def run_main(monkeypatch, capsys):
    """Run the example in this process as `python examples/train_classifier.py *argv` would; restore the
    global switches it may turn on."""
    monkeypatch.setenv("CUBLAS_WORKSPACE_CONFIG", ":4096:8")  # restored (removed) afterwards
    before = torch.are_deterministic_algorithms_enabled()

    def run(*argv: str) -> dict:
        monkeypatch.setattr(sys, "argv", [str(EXAMPLE), *argv])
        ns = runpy.run_path(str(EXAMPLE), run_name="__main__")
        ns["stdout"] = capsys.readouterr().out
        return ns

    yield run
    torch.use_deterministic_algorithms(before)


def test_defaults_follow_store_true_and_store_false(run_main):
    ns = run_main("--epochs", "1")
    args = ns["args"]
    # store_false: True unless the flag is given; store_true: False unless it is given (as the notes say)
    assert args.shuffle is True and args.deterministic is False
    assert (args.batch_size, args.lr, args.samples, args.seed, args.device) == (32, 0.01, 1000, 0, "auto")
    assert ns["train_loader"].batch_size == 32
    assert not torch.are_deterministic_algorithms_enabled()
    expected = "cuda" if torch.cuda.is_available() else "cpu"
    assert ns["device"].type == expected and f"device: {expected}" in ns["stdout"]


def test_no_shuffle_keeps_the_batch_order(run_main):
    shuffled = run_main("--epochs", "1")
    fixed = run_main("--epochs", "1", "--no-shuffle")
    assert fixed["args"].shuffle is False
    assert "shuffle=False" in fixed["stdout"] and "shuffle=True" in shuffled["stdout"]
    first_batch = next(iter(fixed["train_loader"]))[1]
    assert torch.equal(first_batch, fixed["train_set"].tensors[1][:32])  # dataset order
    assert torch.equal(next(iter(fixed["train_loader"]))[1], first_batch)  # and again next epoch
    # Same data and same initial weights; only the batch order differs, so training ends elsewhere.
    assert torch.equal(fixed["features"], shuffled["features"])
    assert fixed["stdout"].split("epoch")[1] != shuffled["stdout"].split("epoch")[1]


def test_deterministic_flag_turns_the_mode_on(run_main):
    ns = run_main("--epochs", "1", "--deterministic")
    assert ns["args"].deterministic is True and ns["args"].shuffle is True
    assert torch.are_deterministic_algorithms_enabled()
    plain = run_main("--epochs", "1")
    # On the CPU this program's operations are deterministic already: the same numbers either way.
    assert ns["stdout"].split("device:")[1] == plain["stdout"].split("device:")[1]


def test_deterministic_sets_the_cublas_workspace_and_keeps_the_readers_own(run_main, monkeypatch):
    """No longer required by torch (tests/snippets/gpus/test_cublas_workspace_check.py), still advised."""
    monkeypatch.delenv("CUBLAS_WORKSPACE_CONFIG")
    run_main("--epochs", "1")
    assert "CUBLAS_WORKSPACE_CONFIG" not in os.environ  # only --deterministic touches it
    run_main("--epochs", "1", "--deterministic")
    assert os.environ["CUBLAS_WORKSPACE_CONFIG"] == ":4096:8"
    monkeypatch.setenv("CUBLAS_WORKSPACE_CONFIG", ":16:8")  # a value set outside is kept (setdefault)
    run_main("--epochs", "1", "--deterministic")
    assert os.environ["CUBLAS_WORKSPACE_CONFIG"] == ":16:8"


def test_device_cuda_without_a_gpu_is_refused(run_main, capsys):
    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA, so --device cuda is accepted")
    with pytest.raises(SystemExit) as exc:
        run_main("--device", "cuda")
    assert exc.value.code == 2
    message = "error: --device cuda was asked for, but torch.cuda.is_available() is False"
    assert message in capsys.readouterr().err


def test_misspelt_switch_is_an_error(run_main, capsys):
    with pytest.raises(SystemExit) as exc:
        run_main("--determinstic")
    assert exc.value.code == 2
    assert "error: unrecognized arguments: --determinstic" in capsys.readouterr().err


@pytest.mark.gpu
def test_cuda_run_deterministic(run_main):
    ns = run_main("--epochs", "15", "--device", "cuda", "--deterministic")
    assert ns["device"].type == "cuda" and next(ns["model"].parameters()).is_cuda
    assert ns["test_accuracy"] >= MIN_ACCURACY
    again = run_main("--epochs", "15", "--device", "cuda", "--deterministic")
    assert again["stdout"] == ns["stdout"]


def test_notebook_kernel_argv_is_ignored(monkeypatch, capsys):
    """What the notebook build meets: __main__ inside ipykernel, with the kernel's -f argument in argv."""
    monkeypatch.setitem(sys.modules, "ipykernel", sys.modules.get("ipykernel") or type(sys)("ipykernel"))
    monkeypatch.setattr(sys, "argv", ["ipykernel_launcher.py", "-f", "/tmp/kernel-1.json"])
    ns = {"__name__": "__main__"}
    exec(compile(EXAMPLE.read_text(encoding="utf-8"), str(EXAMPLE), "exec"), ns)
    assert ns["args"] == ns["parser"].parse_args([])
    assert "final test accuracy" in capsys.readouterr().out


def test_page_sections_cover_every_code_cell_in_order():
    """docs/*/training-script.md shows the sections one after another; together they must be the program."""
    nb = jupytext.read(EXAMPLE)
    code = [cell.source.splitlines() for cell in nb.cells if cell.cell_type == "code"]
    assert len(code) == len(SECTIONS)
    for name, cell in zip(SECTIONS, code, strict=True):
        assert cell[0] == f"# --8<-- [start:{name}]" and cell[-1].strip() == f"# --8<-- [end:{name}]"
        assert "\n".join(cell[1:-1]) == section_text(EXAMPLE, name)
    for lang in ("zh", "en"):
        page = (ROOT / "docs" / lang / "training-script.md").read_text(encoding="utf-8")
        shown = [
            m["section"] for m in INCLUDE_LINE.finditer(page) if m["path"] == "examples/train_classifier.py"
        ]
        assert shown == SECTIONS, f"{lang}: the page must include every section once, in order"


def test_eval_mode_keeps_autograd_no_grad_stops_it(run_main):
    """What the page says about model.eval() and torch.no_grad(), on the trained model itself."""
    model = run_main("--epochs", "1")["model"]
    x = torch.tensor([[0.5, -0.5], [0.1, 0.2]], device=next(model.parameters()).device)
    assert not model.training  # evaluate() ran last and left eval mode on
    assert model(x).requires_grad  # eval() does not switch autograd off
    with torch.no_grad():
        assert not model(x).requires_grad
    # No Dropout or BatchNorm in this MLP, so train and eval mode compute the same thing here.
    assert {type(m) for m in model.modules()} == {nn.Sequential, nn.Linear, nn.ReLU}
    assert torch.equal(model.eval()(x), model.train()(x))
    assert not hasattr(model, "no_grad")  # the context manager is torch.no_grad()


def test_type_bool_is_not_a_switch():
    """Why the page says to use store_true rather than type=bool: bool("False") is True."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--flag", type=bool, default=False)
    assert parser.parse_args(["--flag", "False"]).flag is True


def test_default_run_as_the_page_describes_it():
    """docs/*/training-script.md reads the notebook's output (the default settings) in these words."""
    out = cli()
    accuracy = [float(v) / 100 for v in re.findall(r"test accuracy ([\d.]+)%", out)]
    losses = [float(v) for v in re.findall(r"train loss ([\d.]+)", out)]
    assert len(accuracy) == len(losses) == 20
    assert max(accuracy[:5]) < 0.85  # the first 5 epochs stay below 85%
    crossed = next(i for i, a in enumerate(accuracy, start=1) if a >= 0.90)
    assert 6 <= crossed <= 8 and min(accuracy[crossed - 1 :]) >= 0.90
    second_half = losses[10:]
    assert any(b > a for a, b in pairwise(second_half))  # not monotonic
    assert final_accuracy(out) >= MIN_ACCURACY
