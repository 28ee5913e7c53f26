"""snippets/tensors/strides.py: where each element of a view lives in the shared storage, and the figure."""

import base64
import io

import torch
from PIL import Image


def test_offset_plus_strides_give_each_elements_place(run_snippet):
    s = run_snippet("tensors/strides")
    assert s.storage == [10, 20, 30, 40, 50, 60]
    where = {name: w for name, _, w in s.views}
    assert where == {
        "a": [[0, 1, 2], [3, 4, 5]],
        "a.t()": [[0, 3], [1, 4], [2, 5]],
        "a[:, 1:]": [[1, 2], [4, 5]],
    }
    for _, x, w in s.views:  # every element reads exactly the storage cell the formula names
        assert x.untyped_storage().data_ptr() == s.a.untyped_storage().data_ptr()
        assert [[s.storage[k] for k in row] for row in w] == x.tolist()
    assert "a.t(): shape (3, 2) stride (1, 3) offset 0 | where: [[0, 3], [1, 4], [2, 5]]\n" in s.stdout
    assert "a[:, 1:]: shape (2, 2) stride (3, 1) offset 1 | where: [[1, 2], [4, 5]]\n" in s.stdout
    assert torch.equal(s.a.t().contiguous().view(-1), torch.tensor([10, 40, 20, 50, 30, 60]))


def test_the_figure_is_drawn_from_the_run_and_repeats_byte_for_byte(run_snippet, build_record, tmp_path):
    """The page's strides.png: the PNG the build kept is what drawing the same data gives, twice over."""
    s = run_snippet("tensors/strides")
    png = base64.b64decode(build_record("tensors/strides").figures["strides.png"])
    assert png.startswith(b"\x89PNG")
    width, height = Image.open(io.BytesIO(png)).size
    assert width > height > 0
    for name in ("again.png", "once_more.png"):
        s.draw(s.storage, s.views, str(tmp_path / name))
        assert (tmp_path / name).read_bytes() == png
