import base64
import io

import pytest
import torch
from PIL import Image


def test_trailing_dims_broadcast(run_snippet):
    s = run_snippet("tensors/broadcasting")
    assert s.column.shape == (3, 1) and s.row.shape == (4,)
    assert s.table.shape == (3, 4)
    assert s.table[:, 0].tolist() == [1.0, 11.0, 21.0]
    assert s.table[2].tolist() == [21.0, 22.0, 23.0, 24.0]
    assert "(3, 1) + (4,) -> (3, 4)" in s.stdout
    assert s.three_d.shape == (2, 4, 3)
    assert "(2, 1, 3) + (4, 1) -> (2, 4, 3)" in s.stdout


def test_mismatched_sizes_raise(run_snippet):
    s = run_snippet("tensors/broadcasting")
    message = "The size of tensor a (2) must match the size of tensor b (4) at non-singleton dimension 0"
    assert f"RuntimeError: {message}" in s.stdout
    with pytest.raises(
        RuntimeError, match=r"The size of tensor a \(2\) must match the size of tensor b \(4\)"
    ):
        torch.ones(2, 3) + torch.ones(4, 3)


def test_each_operand_is_read_with_stride_0_not_copied(run_snippet):
    s = run_snippet("tensors/broadcasting")
    assert s.column_wide.shape == s.row_wide.shape == (3, 4)
    assert s.column_wide.stride() == (1, 0) and s.row_wide.stride() == (0, 1)
    assert s.repeated.stride() == (4, 1)
    assert s.column_wide.data_ptr() == s.column.data_ptr() and s.row_wide.data_ptr() == s.row.data_ptr()
    assert s.repeated.data_ptr() != s.row.data_ptr()
    assert torch.equal(s.row_wide, s.repeated)  # row[0] was put back after the demonstration
    assert torch.equal(s.column_wide + s.row_wide, s.table)
    column_line = (
        "column stretched: [[0.0, 0.0, 0.0, 0.0], [10.0, 10.0, 10.0, 10.0], [20.0, 20.0, 20.0, 20.0]]"
    )
    row_line = "row stretched:    [[1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0]]"
    assert column_line in s.stdout.splitlines() and row_line in s.stdout.splitlines()
    # The view reads the written value in every row; the copy made by repeat does not.
    assert "row_wide[:, 0] after row[0] = 100: [100.0, 100.0, 100.0]\n" in s.stdout
    assert "repeated[:, 0] after row[0] = 100: [1.0, 1.0, 1.0]\n" in s.stdout
    assert s.row.tolist() == [1.0, 2.0, 3.0, 4.0]


def test_the_figure_is_drawn_from_the_run_and_repeats_byte_for_byte(run_snippet, build_record, tmp_path):
    """The page's broadcasting.png: the PNG the build kept is what drawing the same data gives, twice over."""
    s = run_snippet("tensors/broadcasting")
    png = base64.b64decode(build_record("tensors/broadcasting").figures["broadcasting.png"])
    assert png.startswith(b"\x89PNG") and Image.open(io.BytesIO(png)).size == (900, 240)
    panels = [*s.stored, ("column + row: (3, 4)", s.table, (3, 4))]
    for name in ("again.png", "once_more.png"):
        s.draw(panels, str(tmp_path / name))
        assert (tmp_path / name).read_bytes() == png
