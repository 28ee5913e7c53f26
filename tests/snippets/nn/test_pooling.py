import pytest
import torch
from torch import nn


def test_exact_values(run_snippet):
    s = run_snippet("nn/pooling")
    assert s.max1d(s.seq).flatten().tolist() == [5.0, 2.0, 4.0]
    assert s.avg1d(s.seq).flatten().tolist() == [3.0, 1.0, 3.5]
    assert s.max2d(s.grid).squeeze().tolist() == [[5.0, 7.0], [13.0, 15.0]]
    assert s.avg2d(s.grid).squeeze().tolist() == [[2.5, 4.5], [10.5, 12.5]]
    assert "AvgPool1d:  [3.0, 1.0, 3.5]" in s.stdout
    assert "AvgPool2d: [[2.5, 4.5], [10.5, 12.5]]" in s.stdout


def test_shape_table(run_snippet):
    s = run_snippet("nn/pooling")
    shapes = {name: tuple(layer(x).shape) for name, layer, x in s.rows}
    assert shapes == {
        "MaxPool1d(2)": (4, 6, 25),
        "AvgPool1d(2)": (4, 6, 25),
        "MaxPool2d(2)": (4, 8, 16, 16),
        "AvgPool2d(2)": (4, 8, 16, 16),
        "AvgPool2d(3, stride=1, p=1)": (4, 8, 32, 32),
        "AdaptiveAvgPool2d(1)": (4, 8, 1, 1),
    }
    assert "AdaptiveAvgPool2d(1)         (4, 8, 32, 32)     (4, 8, 1, 1)" in s.stdout
    assert "parameters in MaxPool2d + AvgPool2d: 0" in s.stdout


def test_average_pool_is_called_avgpool(run_snippet):
    s = run_snippet("nn/pooling")
    assert "AttributeError: module 'torch.nn' has no attribute 'AveragePool2d'" in s.stdout
    assert "average pooling classes: ['AvgPool1d', 'AvgPool2d', 'AvgPool3d']" in s.stdout
    assert not hasattr(nn, "AveragePool2d")
    with pytest.raises(AttributeError, match="has no attribute 'AveragePool2d'"):
        nn.AveragePool2d  # noqa: B018
    assert isinstance(nn.AvgPool2d(2), nn.Module)


def test_avg_pool_with_padding_counts_zeros():
    # count_include_pad=True (the default) averages the padded zeros in at the border
    ones = torch.ones(1, 1, 3, 3)
    assert nn.AvgPool2d(3, stride=1, padding=1)(ones)[0, 0, 0, 0].item() == pytest.approx(4 / 9)
    assert nn.AvgPool2d(3, stride=1, padding=1, count_include_pad=False)(ones)[0, 0, 0, 0].item() == 1.0
