"""snippets/visualization/torch_tensorboard.py: the built-in writer's events read back like tensorboardX's."""

import pytest


def test_built_in_writer_events(run_snippet):
    s = run_snippet("visualization/torch_tensorboard")
    assert "tags: {'scalars': ['train/loss'], 'images': ['samples'], 'histograms': ['w']}\n" in s.stdout
    values = [e.value for e in s.acc.Scalars("train/loss")]
    assert values == pytest.approx([9 * 0.36**k for k in range(5)], rel=1e-5)
    assert (s.image.width, s.image.height) == (2 * 8 + 3 * 2, 22)


def test_the_two_writers_offer_nearly_the_same_methods(run_snippet):
    s = run_snippet("visualization/torch_tensorboard")
    assert sorted(s.builtin - s.tbx) == ["add_tensor"]
    assert sorted(s.tbx - s.builtin) == ["add_openvino_graph"]
    common = {"add_scalar", "add_scalars", "add_image", "add_images", "add_histogram", "add_graph"}
    assert common | {"add_hparams"} <= s.builtin & s.tbx
