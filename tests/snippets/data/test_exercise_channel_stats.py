"""snippets/data/exercise_channel_stats.py (an exercise's solution): Normalize's statistics by batch."""

import numpy as np
import pytest
import torch

# FakeData's pixels: image i is randn with seed i, times 255, cast to uint8 by ToPILImage (numpy's astype).
# Two thirds of those values lie outside 0..255, and C leaves that cast undefined: x86-64 wraps modulo 256.
CAST_WRAPS = int(np.array([-255.0], dtype=np.float32).astype(np.uint8)[0]) == 1


def fakedata_pixels(count: int) -> torch.Tensor:
    """That rule applied here: (count, 3, 16, 16) pixels in [0, 1], whatever this platform's cast does."""
    images = []
    for index in range(count):
        noise = torch.randn(3, 16, 16, generator=torch.Generator().manual_seed(index))
        images.append(torch.from_numpy((noise.numpy() * 255).astype(np.uint8)))
    return torch.stack(images).double() / 255


def test_running_sums_give_the_whole_sets_mean_and_std(run_snippet):
    s = run_snippet("data/exercise_channel_stats")
    assert s.count == 100 * 16 * 16
    assert "batches: 4 | pixels per channel: 25600" in s.stdout.splitlines()
    assert torch.allclose(s.mean, s.everything.mean(dim=(0, 2, 3)))
    assert torch.allclose(s.std, s.everything.std(dim=(0, 2, 3), correction=0))
    pixels = fakedata_pixels(100)
    assert torch.equal((s.everything * 255).round(), (pixels * 255).round())  # not uniform: wrapped randn
    assert torch.allclose(s.mean, pixels.mean(dim=(0, 2, 3)))
    assert torch.allclose(s.std, pixels.std(dim=(0, 2, 3), correction=0))
    if CAST_WRAPS:  # the numbers on the page; another cast gives other ones
        assert s.mean.tolist() == pytest.approx([0.503, 0.5041, 0.5011], abs=1e-4)
        assert s.std.tolist() == pytest.approx([0.2923, 0.2898, 0.2899], abs=1e-4)
    assert "same as over the whole set at once: True" in s.stdout.splitlines()


def test_normalize_with_them_gives_mean_0_and_std_1(run_snippet):
    s = run_snippet("data/exercise_channel_stats")
    assert s.after.mean(dim=(0, 2, 3)).abs().max().item() < 1e-5
    assert s.after.std(dim=(0, 2, 3), correction=0).tolist() == pytest.approx([1.0, 1.0, 1.0], abs=1e-5)
    assert "after Normalize, mean: [0.0, 0.0, 0.0]" in s.stdout.splitlines()
    assert "after Normalize, std: [1.0, 1.0, 1.0]" in s.stdout.splitlines()
