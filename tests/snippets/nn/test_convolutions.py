import pytest
import torch


def test_shape_table(run_snippet):
    s = run_snippet("nn/convolutions")
    shapes = {name: tuple(out.shape) for name, out in s.outputs.items()}
    assert shapes == {
        "Conv1d(2, 6, k=5)": (4, 6, 46),
        "Conv2d(3, 8, k=3, p=1)": (4, 8, 32, 32),
        "Conv2d(3, 8, k=3, s=2, p=1)": (4, 8, 16, 16),
        "Conv3d(1, 4, k=3)": (4, 4, 6, 14, 14),
        "ConvTranspose2d(8, 3, s=2)": (4, 3, 32, 32),
    }
    assert "Conv3d(1, 4, k=3)            (4, 1, 8, 16, 16)    (4, 4, 6, 14, 14)" in s.stdout
    assert "ConvTranspose2d(8, 3, s=2)   (4, 8, 16, 16)       (4, 3, 32, 32)" in s.stdout
    assert "Conv2d s=2 by formula: 16" in s.stdout


def test_transpose_without_output_padding_gives_31():
    deconv = torch.nn.ConvTranspose2d(8, 3, kernel_size=3, stride=2, padding=1)
    assert deconv(torch.zeros(1, 8, 16, 16)).shape == (1, 3, 31, 31)


def test_weight_layouts(run_snippet):
    s = run_snippet("nn/convolutions")
    assert s.conv1d.weight.shape == (6, 2, 5)
    assert s.conv2d.weight.shape == (8, 3, 3, 3)
    assert s.conv3d.weight.shape == (4, 1, 3, 3, 3)
    assert s.deconv.weight.shape == (8, 3, 3, 3)  # (in, out, k, k) for a transposed conv
    assert "ConvTranspose2d weight (8, 3, 3, 3)" in s.stdout
    # with groups the second dimension is in_channels / groups: 4 / 2
    assert s.grouped.weight.shape == (8, 2, 3, 3)
    assert "Conv2d(4, 8, groups=2) weight (8, 2, 3, 3)" in s.stdout


def test_conv_exact_values():
    conv = torch.nn.Conv1d(1, 1, kernel_size=2, bias=False)
    with torch.no_grad():
        conv.weight.copy_(torch.tensor([[[1.0, -1.0]]]))
    # cross-correlation: x[i] - x[i + 1]
    assert conv(torch.tensor([[[1.0, 4.0, 9.0, 16.0]]])).tolist() == [[[-3.0, -5.0, -7.0]]]


def test_wrong_channels(run_snippet):
    s = run_snippet("nn/convolutions")
    message = (
        "Given groups=1, weight of size [8, 3, 3, 3], expected input[4, 1, 32, 32] to have 3 channels, "
        "but got 1 channels instead"
    )
    assert f"RuntimeError: {message}" in s.stdout
    with pytest.raises(RuntimeError, match=r"expected input\[4, 1, 32, 32\] to have 3 channels"):
        s.conv2d(torch.randn(4, 1, 32, 32, device=s.conv2d.weight.device))
