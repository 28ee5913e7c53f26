import re

import pytest
import torch
from torchvision.transforms import v2


def test_to_tensor_scales_and_moves_channels_first(run_snippet):
    s = run_snippet("data/transforms")
    assert s.t.shape == (3, 2, 2) and s.t.dtype == torch.float32
    assert torch.equal(s.t, torch.from_numpy(s.pixels).permute(2, 0, 1).float() / 255)
    assert "PIL image: (2, 2) RGB | pixel (0, 0): (0, 128, 255)" in s.stdout
    assert "ToTensor: (3, 2, 2) torch.float32 | red channel: [[0.0, 0.251], [1.0, 0.0]]" in s.stdout


def test_normalize_is_minus_mean_over_std(run_snippet):
    s = run_snippet("data/transforms")
    assert torch.allclose(s.n, (s.t - 0.5) / 0.5)
    assert s.n.min().item() == -1.0 and s.n.max().item() == 1.0
    assert "Normalize: red channel: [[-1.0, -0.498], [1.0, -1.0]]" in s.stdout
    assert "Compose == ToTensor then Normalize: True" in s.stdout


def test_v2_pipeline_matches_v1(run_snippet):
    s = run_snippet("data/transforms")
    assert torch.equal(s.out_v2, s.n)
    assert "v2 result: Image torch.float32 | equal to v1: True" in s.stdout


def test_v2_to_tensor_is_deprecated(run_snippet):
    s = run_snippet("data/transforms")
    assert "v2.ToTensor: UserWarning - The transform `ToTensor()` is deprecated" in s.stdout
    replacement = "v2.Compose([v2.ToImage(), v2.ToDtype(torch.float32, scale=True)])"
    with pytest.raises(UserWarning, match=re.escape(replacement)):
        v2.ToTensor()(s.image)


def test_to_dtype_scales_but_float_does_not(run_snippet):
    s = run_snippet("data/transforms")
    assert s.scaled.dtype == torch.float32 and s.scaled.max().item() == 1.0
    assert "ToDtype(scale=True): [0.0, 0.251]" in s.stdout
    assert ".float():            [0.0, 64.0]" in s.stdout
