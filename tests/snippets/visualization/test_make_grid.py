"""snippets/visualization/make_grid.py: grid shapes, normalize / value_range, the removed `range`, and the
logged images read back with their sizes."""

import pytest
import torch


def test_grid_shape_follows_nrow_and_padding(run_snippet):
    s = run_snippet("visualization/make_grid")
    assert tuple(s.grid.shape) == (3, 2 * (16 + 2) + 2, 3 * (16 + 2) + 2) == (3, 38, 56)
    assert "nrow=2, padding=0: (3, 48, 32)\n" in s.stdout
    assert torch.equal(s.grid[:, 2:18, 2:18], s.images[0])  # no normalize: the pixels as they were
    assert s.grid[:, :2].abs().sum() == 0  # pad_value 0


def test_normalize_and_value_range(run_snippet):
    s = run_snippet("visualization/make_grid")
    assert (s.shown.min().item(), s.shown.max().item()) == (0.0, 1.0)
    first, low, high = s.images[0], s.images.min(), s.images.max()
    assert torch.allclose(s.shown[:, 2:18, 2:18], (first - low) / (high - low))
    assert torch.allclose(s.inner, ((first + 0.5).clamp(0, 1)))  # (x - low) / (high - low), clipped
    assert s.clipped_share == pytest.approx(0.509, abs=1e-3)


def test_the_old_range_argument_is_gone(run_snippet):
    s = run_snippet("visualization/make_grid")
    assert "TypeError: make_grid() got an unexpected keyword argument 'range'\n" in s.stdout


def test_logged_images_read_back_with_their_sizes(run_snippet):
    s = run_snippet("visualization/make_grid")
    assert s.acc.Tags()["images"] == ["batch/grid", "batch/raw", "batch/hwc"]
    sizes = {tag: (s.acc.Images(tag)[0].width, s.acc.Images(tag)[0].height) for tag in s.acc.Tags()["images"]}
    # add_images lays out the batch itself: up to 8 per row, no padding.
    assert sizes == {"batch/grid": (56, 38), "batch/raw": (96, 16), "batch/hwc": (56, 38)}
    grid, hwc = (s.acc.Images(t)[0].encoded_image_string for t in ("batch/grid", "batch/hwc"))
    assert grid == hwc and grid.startswith(b"\x89PNG")
