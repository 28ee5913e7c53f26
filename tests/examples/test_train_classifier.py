"""examples/train_classifier.py: the CLI as a reader runs it, its flags, the page sections showing it, and the
notebook's two exercise cells at its end (which the CLI runs too)."""

from __future__ import annotations

import argparse
import math
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
# The code cells after the sections: the notebook's exercise solutions, which the page does not show.
EXERCISES = [
    "# Exercise 1: the test points the trained model gets wrong.",
    "# Exercise 2: the same training with a cosine learning-rate schedule, and the best epoch.",
]
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


def column(stdout: str, prefix: str, label: str) -> list[float]:
    """The number after `label` on every line that starts with `prefix` ("epoch": the program's own loop,
    "cosine epoch": exercise 2's); percentages as fractions."""
    values = []
    for line in stdout.splitlines():
        if line.startswith(prefix + " "):
            value = re.search(rf"{label} ([\d.]+)(%?)", line)
            values.append(float(value[1]) / (100 if value[2] else 1))
    return values


def test_cli_learns_the_spirals():
    out = cli()  # the defaults are tiny already: 1000 points, 20 epochs, about a second of compute
    assert final_accuracy(out) >= MIN_ACCURACY
    assert "train: 800 points, test: 200 points, 25 batches per epoch" in out
    assert "parameters: 4482" in out
    losses = column(out, "epoch", "train loss")
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
        # A fresh `python` has no notebook kernel loaded; this worker may have imported one for an earlier
        # module's notebook test, and the example then takes the defaults, as in a kernel.
        monkeypatch.delitem(sys.modules, "ipykernel", raising=False)
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
    assert len(code) == len(SECTIONS) + len(EXERCISES)
    for first_line, cell in zip(EXERCISES, code[len(SECTIONS) :], strict=True):
        assert cell[0] == first_line and not any("--8<--" in line for line in cell)
    for name, cell in zip(SECTIONS, code[: len(SECTIONS)], strict=True):  # the sections come first
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
    accuracy = column(out, "epoch", "test accuracy")
    losses = column(out, "epoch", "train loss")
    assert len(accuracy) == len(losses) == 20
    assert max(accuracy[:5]) < 0.85  # the first 5 epochs stay below 85%
    crossed = next(i for i, a in enumerate(accuracy, start=1) if a >= 0.90)
    assert 6 <= crossed <= 8 and min(accuracy[crossed - 1 :]) >= 0.90
    second_half = losses[10:]
    assert any(b > a for a, b in pairwise(second_half))  # not monotonic
    assert final_accuracy(out) >= MIN_ACCURACY


ON_CPU = not torch.cuda.is_available()  # the notebook's numbers, and its prose, come from a CPU run
# What the exercise cells print with the defaults, on the CPU (torch 2.14.1); the Markdown cells after each
# solution read these lines.
EXERCISE_1_LINES = """\
wrong: 4 of 200 test points
spiral 1 at (0.91, -0.33), radius 0.97
spiral 1 at (0.92, -0.23), radius 0.95
spiral 1 at (0.83, -0.32), radius 0.89
spiral 1 at (0.94, -0.32), radius 0.99
"""
EXERCISE_2_LAST_LINES = """\
cosine epoch  20: lr 0.00006, train loss 0.0616, test accuracy 100.0%
best epoch: 14, test accuracy 100.0%
last epoch: 20, test accuracy 100.0%
"""


def exercise_output(stdout: str) -> str:
    """What the exercise cells printed: everything after the program's own last line."""
    return stdout.split("final test accuracy: ")[1].split("\n", 1)[1]


def test_exercise_1_lists_exactly_the_misclassified_test_points(run_main):
    ns = run_main()
    out = exercise_output(ns["stdout"])
    points, labels = ns["test_set"].tensors
    wrong = ns["wrong"]
    assert wrong.dtype == torch.bool and wrong.shape == labels.shape
    # the mask agrees with the program's own final accuracy, and the wrong: line with the mask
    assert wrong.sum().item() == round((1 - ns["test_accuracy"]) * len(labels))
    assert f"wrong: {wrong.sum().item()} of 200 test points" in out
    listed = [line for line in out.splitlines() if line.startswith("spiral ")]
    assert len(listed) == wrong.sum().item()
    for line, point, label in zip(listed, points[wrong], labels[wrong], strict=True):
        assert line.startswith(f"spiral {label.item()} at ")
        assert line.endswith(f"radius {point.norm().item():.2f}")
    assert torch.equal(ns["predicted"][wrong], 1 - labels[wrong])  # two classes: wrong means the other one
    if ON_CPU:
        assert out.startswith(EXERCISE_1_LINES)
        # the prose: all on spiral 1, near (0.9, -0.3), at its outer end
        assert (labels[wrong] == 1).all() and (points[wrong].norm(dim=1) > 0.88).all()
        assert torch.allclose(points[wrong], torch.tensor([0.9, -0.3]), atol=0.1)


def test_exercise_2_trains_again_with_a_cosine_schedule(run_main):
    ns = run_main()
    out = ns["stdout"]
    lrs = column(out, "cosine epoch", "lr")
    losses = column(out, "cosine epoch", "train loss")
    accuracy = column(out, "cosine epoch", "test accuracy")
    assert len(lrs) == len(losses) == len(accuracy) == 20
    # CosineAnnealingLR(T_max=20): lr_e = 0.01 * (1 + cos(pi * (e - 1) / 20)) / 2, from 0.01 towards 0
    expected = [0.01 * (1 + math.cos(math.pi * e / 20)) / 2 for e in range(20)]
    assert lrs == [round(v, 5) for v in expected]
    # the same initial weights and batch order as the first run: epoch 1 trained with the same rate and
    # prints the same loss
    assert losses[0] == column(out, "epoch", "train loss")[0]
    best = max(accuracy)
    best_epoch = accuracy.index(best) + 1  # the first epoch with the highest accuracy
    assert f"best epoch: {best_epoch}, test accuracy {best:.1%}" in out
    assert f"last epoch: 20, test accuracy {accuracy[-1]:.1%}" in out
    # `model` is now the scheduled run's, `test_accuracy` still the first run's
    assert ns["best_epoch"] == best_epoch and ns["accuracy"] == ns["evaluate"](ns["test_loader"])
    assert ns["scheduler"].optimizer is ns["optimizer"]
    assert ns["test_accuracy"] == final_accuracy(out)
    if ON_CPU:
        assert out.endswith(EXERCISE_2_LAST_LINES)
        assert losses[0] == 0.6547
        assert all(b < a for a, b in pairwise(losses))  # falls every epoch
        assert (losses[-1], column(out, "epoch", "train loss")[-1]) == (0.0616, 0.0755)
        assert min(accuracy[6:]) >= 0.985  # from epoch 7 on
        assert accuracy[13:] == [1.0] * 7 and max(accuracy[:13]) < 1.0  # 100.0% from epoch 14 to the end


def test_the_constant_rate_run_as_exercise_2_describes_it():
    """Exercise 2's statement reads the first run's epoch lines: 100.0% at epochs 9 and 10, then a wobble."""
    if not ON_CPU:
        pytest.skip("the notebook's prose describes the CPU run")
    accuracy = column(cli(), "epoch", "test accuracy")
    losses = column(cli(), "epoch", "train loss")
    assert accuracy[8:10] == [1.0, 1.0] and max(accuracy[:8]) < 1.0
    assert (min(accuracy[10:]), max(accuracy[10:])) == (0.96, 0.995)
    assert any(b > a for a, b in pairwise(losses[10:]))
