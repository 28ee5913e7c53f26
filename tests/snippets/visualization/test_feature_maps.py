"""snippets/visualization/feature_maps.py: eight maps laid out by make_grid, logged, read back as the PNG the
page shows."""

import base64

import torch


def test_maps_become_one_channel_images(run_snippet):
    s = run_snippet("visualization/feature_maps")
    assert tuple(s.maps.shape) == (1, 8, 96, 96)
    assert tuple(s.tiles.shape) == (8, 1, 96, 96)
    assert tuple(s.grid.shape) == (3, 2 * (96 + 2) + 2, 4 * (96 + 2) + 2) == (3, 198, 394)
    assert torch.equal(s.grid[0], s.grid[1]) and torch.equal(s.grid[1], s.grid[2])  # grey: 1 channel x 3


def test_scale_each_stretches_every_map_to_the_full_range(run_snippet):
    s = run_snippet("visualization/feature_maps")
    for i in range(8):
        row, col = divmod(i, 4)
        tile = s.grid[0, 2 + row * 98 : 2 + row * 98 + 96, 2 + col * 98 : 2 + col * 98 + 96]
        assert (tile.min().item(), tile.max().item()) == (0.0, 1.0), f"map {i}"
    assert "range of each map: [(-4.0, 4.0), (-4.0, 4.0), (0.0, 1.0), (-2.0, 2.0)," in s.stdout


def test_logged_image_and_the_page_figure_are_the_same_png(run_snippet, build_record):
    s = run_snippet("visualization/feature_maps")
    assert s.acc.Tags()["images"] == ["input", "conv1/feature_maps"]
    assert (s.logged.width, s.logged.height) == (394, 198)
    assert s.acc.Images("input")[0].width == 96
    record = build_record("visualization/feature_maps")
    assert base64.b64decode(record.figures["feature_maps.png"]) == s.logged.encoded_image_string
