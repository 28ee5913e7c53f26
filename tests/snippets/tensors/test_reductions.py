import base64
import io

import pytest
import torch
from PIL import Image


def test_sum_over_everything_and_along_a_dim(run_snippet):
    s = run_snippet("tensors/reductions")
    assert s.x.tolist() == [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]
    assert s.down.tolist() == [3.0, 5.0, 7.0] and s.down.shape == (3,)  # dim 0 is gone
    assert s.across.tolist() == [3.0, 12.0] and s.across.shape == (2,)  # dim 1 is gone
    assert s.kept.tolist() == [[3.0], [12.0]] and s.kept.shape == (2, 1)  # dim 1 kept with size 1
    lines = s.stdout.splitlines()
    assert lines[2:7] == [
        "x.sum(): 15.0 | shape ()",
        "x.sum(dim=0): [3.0, 5.0, 7.0] | shape (3,)",
        "x.sum(dim=1): [3.0, 12.0] | shape (2,)",
        "x.sum(dim=1, keepdim=True): [[3.0], [12.0]] | shape (2, 1)",
        "x.mean(dim=1): [1.0, 4.0] | x.max(dim=0).values: [3.0, 4.0, 5.0]",
    ]


def test_keepdim_lines_the_result_up_with_x(run_snippet):
    s = run_snippet("tensors/reductions")
    assert s.centered.tolist() == [[-1.0, 0.0, 1.0], [-1.0, 0.0, 1.0]]
    assert "x - row means: [[-1.0, 0.0, 1.0], [-1.0, 0.0, 1.0]]" in s.stdout.splitlines()
    message = "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1"
    assert f"without keepdim: {message}" in s.stdout.splitlines()
    with pytest.raises(RuntimeError, match=r"tensor a \(3\) must match the size of tensor b \(2\)"):
        s.x - s.x.mean(dim=1)


def test_mean_needs_floats(run_snippet):
    s = run_snippet("tensors/reductions")
    message = (
        "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype."
        " Got: Long"
    )
    assert f"RuntimeError: {message}" in s.stdout.splitlines()
    with pytest.raises(RuntimeError, match="could not infer output dtype"):
        torch.arange(6).mean()
    assert "torch.arange(6).float().mean(): 2.5" in s.stdout.splitlines()


def test_the_figure_shows_this_runs_sums(run_snippet, build_record, tmp_path):
    """reductions.png: x, its column sums under it, its row sums beside it, each cell showing its value."""
    s = run_snippet("tensors/reductions")
    labels = [t.get_text() for t in s.ax.texts if t.get_text()]  # the two arrows are unlabelled annotations
    assert labels[:11] == ["0", "1", "2", "3", "4", "5", "3", "5", "7", "3", "12"]
    assert labels[11:] == ["x: (2, 3)", "x.sum(dim=0): (3,)", "x.sum(dim=1,\nkeepdim=True): (2, 1)"]
    assert len(s.ax.patches) == 6 + 3 + 2
    png = base64.b64decode(build_record("tensors/reductions").figures["reductions.png"])
    assert Image.open(io.BytesIO(png)).size == (640, 320)
    s.fig.savefig(tmp_path / "again.png", dpi=100, metadata={"Software": None})
    assert (tmp_path / "again.png").read_bytes() == png  # same data, same bytes
