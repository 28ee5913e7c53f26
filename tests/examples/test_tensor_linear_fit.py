"""examples/tensor_linear_fit.py: the notebook's code cells run as the build runs them (one namespace, cell
after cell, the value of a cell's last expression kept), on the CPU so the printed numbers are exact; the hand
gradient against autograd's; the fit against the line and the closed form; the figure; the two exercise
solutions folded in its Markdown cells; the same prose in both languages; and the file run as a script."""

from __future__ import annotations

import ast
import itertools
import os
import re
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

import jupytext
import pytest
import torch
from IPython.display import Image

from docs_runner.forkserver.child import captured_output
from tests.conftest import ROOT, as_a_fresh_interpreter

EXAMPLE = ROOT / "examples" / "tensor_linear_fit.py"

# What the cells print on the CPU (torch 2.14.1), in order.
PRINTED = """\
device: cpu
x: torch.Size([100]) y: torch.Size([100])
first x: tensor([-0.0150,  1.0729, -1.6461])
first y: tensor([ 0.1861,  2.6368, -2.3607])
at w = 0, b = 0: loss = 6.1099
hand gradient: dL/dw = -5.2707, dL/db = -1.8130
step   0: loss = 6.1099
step   1: loss = 3.4095
step   2: loss = 1.9323
step  10: loss = 0.0959
step  50: loss = 0.0712
step  99: loss = 0.0712
by hand: w = 1.9486, b = 0.9968
step 0, autograd: dL/dw = -5.270708, dL/db = -1.813033
step 0, by hand:  dL/dw = -5.270708, dL/db = -1.813033
same gradient: True
autograd: w = 1.9486, b = 0.9968
largest difference from the hand-written run: 0.0e+00
closed form: w = 1.9486, b = 0.9968
gap to lstsq: w GAP, b GAP
figure: 100 points, the fitted line, 100 losses
"""

# The gaps between gradient descent and lstsq are float32 rounding: their last digits change with the
# processor's kernels (b was 6.0e-08 on the machine that first ran this test, 1.8e-07 on one with
# AVX-512 and AMX), so the lines are compared with GAP in their place, and each gap must be below this.
ROUNDING = 1e-6
GAPS = re.compile(r"^gap to lstsq: w (\S+), b (\S+)$", re.M)


def same_lines(printed: str) -> bool:
    """`printed` is PRINTED, with two gaps of float32 rounding where PRINTED says GAP."""
    gaps = [float(gap) for gap in GAPS.search(printed).groups()]
    assert all(gap < ROUNDING for gap in gaps), gaps
    return GAPS.sub("gap to lstsq: w GAP, b GAP", printed) == PRINTED


# What each exercise solution prints, run after the notebook in its namespace.
SOLUTIONS = [
    """\
lr 0.01: last loss 0.1168, w = 1.82, b = 0.847
lr 0.1: last loss 0.07121, w = 1.949, b = 0.9968
lr 0.8: last loss 1.286e+17, w = -3.668e+08, b = 4.45e+07
1 / mean(x^2) = 0.727
""",
    "a, b, c: tensor([ 3.0000, -1.0000,  0.5000])\n",
]

FENCE = re.compile(r"^```python\n(?P<code>.*?)^```$", re.S | re.M)
DISPLAY_MATH = re.compile(r"^\$\$\n(?P<tex>.*?)^\$\$$", re.S | re.M)
INLINE_CODE = re.compile(r"`([^`\n]+)`")
FOLD = re.compile(r'<details class="(\w+)">')  # Material styles these as its note and tip boxes


def markdown(lang: str) -> list[str]:
    return [c.source for c in jupytext.read(EXAMPLE).cells if c.metadata.get("lang") == lang]


def run_code(source: str, namespace: dict) -> tuple[str, object]:
    """One cell as the build's runner executes it: what it printed, and the value of its last expression."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    value = None
    with tempfile.TemporaryDirectory() as tmp:
        printed = Path(tmp) / "out.txt"
        with captured_output(printed), as_a_fresh_interpreter():
            exec(compile(tree, str(EXAMPLE), "exec"), namespace)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), str(EXAMPLE), "eval"), namespace)
        return printed.read_text(encoding="utf-8"), value


def run_notebook() -> dict:
    """The namespace after every code cell ran on the CPU, with "printed" (per cell) and "shown" (the last
    cell's value, what the notebook displays)."""
    code = [c.source for c in jupytext.read(EXAMPLE).cells if c.cell_type == "code"]
    namespace = {"__name__": "__main__"}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(torch.cuda, "is_available", lambda: False)  # the exact numbers below are the CPU's
        mp.setattr(sys, "argv", [str(EXAMPLE)])
        results = [run_code(source, namespace) for source in code]
    namespace["printed"] = [printed for printed, _ in results]
    namespace["shown"] = results[-1][1]
    return namespace


@pytest.fixture(scope="module")
def notebook():
    return run_notebook()


def test_prints_the_expected_lines(notebook):
    assert same_lines("".join(notebook["printed"]))
    assert all(notebook["printed"]), "every code cell prints something"


def test_hand_gradient_equals_autograd(notebook):
    mse, hand_gradients = notebook["mse"], notebook["hand_gradients"]
    for w_value, b_value in [(0.0, 0.0), (1.5, -0.5), (3.0, 2.0)]:
        w = torch.tensor([w_value], requires_grad=True)
        b = torch.tensor([b_value], requires_grad=True)
        mse(w, b).backward()
        hand_w, hand_b = hand_gradients(w.detach(), b.detach())
        # w.grad has w's shape (1,); the formula's mean() gives a 0-d tensor
        torch.testing.assert_close(w.grad, hand_w.reshape(1), rtol=1e-6, atol=1e-6)
        torch.testing.assert_close(b.grad, hand_b.reshape(1), rtol=1e-6, atol=1e-6)
    # what the notebook printed side by side at its first step is the same comparison
    assert notebook["grad_w0"].item() == pytest.approx(-5.270708, abs=1e-6)
    assert "same gradient: True" in notebook["printed"][4]


def test_the_fit_recovers_the_line_and_matches_the_closed_form(notebook):
    w, b = notebook["w"].item(), notebook["b"].item()
    assert w == pytest.approx(2, abs=0.06) and b == pytest.approx(1, abs=0.06)
    assert w == pytest.approx(notebook["w_exact"], abs=1e-5) and b == pytest.approx(
        notebook["b_exact"], abs=1e-5
    )
    assert w == pytest.approx(notebook["w_hand"].item(), abs=1e-6)
    assert b == pytest.approx(notebook["b_hand"].item(), abs=1e-6)
    assert notebook["w"].is_leaf and notebook["w"].requires_grad and notebook["w"].grad is None


def test_what_the_prose_says_about_the_loss(notebook):
    losses, noise = notebook["losses"], notebook["noise"]
    assert losses == pytest.approx(notebook["hand_losses"], rel=1e-5)  # both runs take the same steps
    assert all(later < earlier for earlier, later in itertools.pairwise(losses[:13]))
    assert round(losses[-1], 3) == 0.071  # "levels off near 0.071"
    assert (noise**2).mean().item() < 0.09  # the noise drawn is smaller than its variance
    assert losses[-1] < (noise**2).mean().item()  # the best line absorbs a little of it


def test_the_figure_shows_the_data_the_line_and_the_losses(notebook):
    shown = notebook["shown"]
    assert isinstance(shown, Image) and shown.format == "png"
    width, height = struct.unpack(">II", shown.data[16:24])  # the PNG header's IHDR chunk
    assert (width, height) == (800, 300)
    data_ax, loss_ax = notebook["fig"].axes
    assert data_ax.collections[0].get_offsets().shape == (100, 2)
    assert [t.get_text() for t in data_ax.get_legend().get_texts()] == ["data", "y = 1.95x + 1.00"]
    assert list(loss_ax.lines[0].get_ydata()) == notebook["losses"]
    assert loss_ax.get_yscale() == "log"
    assert run_notebook()["shown"].data == shown.data  # another run draws the same bytes


def test_the_exercise_solutions_run_and_print_what_they_explain(notebook):
    solutions = {
        lang: [m["code"] for cell in markdown(lang) for m in FENCE.finditer(cell)] for lang in ("zh", "en")
    }
    assert solutions["zh"] == solutions["en"] and len(solutions["zh"]) == len(SOLUTIONS)
    assert FOLD.findall(markdown("zh")[-1]) == ["note", "tip"] * len(SOLUTIONS)  # a hint, then the solution
    for code, expected in zip(solutions["zh"], SOLUTIONS, strict=True):
        namespace = dict(notebook)
        printed, _ = run_code(code, namespace)
        assert printed == expected
    limit = 1 / (notebook["x"] ** 2).mean().item()  # the `1 / mean(x^2)` line: the limit in the w direction
    assert 0.1 < limit < 0.8  # 0.1 converges, 0.8 diverges


def test_both_languages_say_the_same():
    """Cells alternate zh, en; each pair has the same headings, formulas, inline code and folded boxes."""
    cells = [c for c in jupytext.read(EXAMPLE).cells if c.cell_type == "markdown"]
    langs = [c.metadata.get("lang") for c in cells]
    assert langs == ["zh", "en"] * (len(cells) // 2)
    for zh, en in zip(cells[::2], cells[1::2], strict=True):
        assert len(re.findall(r"^#+ ", zh.source, re.M)) == len(re.findall(r"^#+ ", en.source, re.M))
        assert DISPLAY_MATH.findall(zh.source) == DISPLAY_MATH.findall(en.source)
        assert sorted(set(INLINE_CODE.findall(zh.source))) == sorted(set(INLINE_CODE.findall(en.source)))
        assert FOLD.findall(zh.source) == FOLD.findall(en.source)
    titles = [c.source.splitlines()[0] for c in cells[:2]]
    assert titles == ["# 从零实现线性回归", "# Linear regression from scratch"]


def test_runs_as_a_script():
    """`python examples/tensor_linear_fit.py` prints what the notebook prints (the figure is not shown)."""
    env = {**os.environ, "CUDA_VISIBLE_DEVICES": ""}
    out = subprocess.run(
        [sys.executable, "-W", "error", str(EXAMPLE)],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
        env=env,
    )
    assert same_lines(out.stdout) and out.stderr == ""
