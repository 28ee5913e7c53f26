"""snippets/data/exercise_channel_stats.py (an exercise's solution): Normalize's statistics by batch."""

import pytest
import torch


def test_running_sums_give_the_whole_sets_mean_and_std(run_snippet):
    s = run_snippet("data/exercise_channel_stats")
    assert s.count == 100 * 16 * 16
    assert "batches: 4 | pixels per channel: 25600" in s.stdout.splitlines()
    assert torch.allclose(s.mean, s.everything.mean(dim=(0, 2, 3)))
    assert torch.allclose(s.std, s.everything.std(dim=(0, 2, 3), correction=0))
    assert s.mean.tolist() == pytest.approx([0.503, 0.5041, 0.5011], abs=1e-4)  # uniform pixels: about 0.5
    assert s.std.tolist() == pytest.approx([0.2923, 0.2898, 0.2899], abs=1e-4)  # and about 1/sqrt(12)
    assert "same as over the whole set at once: True" in s.stdout.splitlines()


def test_normalize_with_them_gives_mean_0_and_std_1(run_snippet):
    s = run_snippet("data/exercise_channel_stats")
    assert s.after.mean(dim=(0, 2, 3)).abs().max().item() < 1e-5
    assert s.after.std(dim=(0, 2, 3), correction=0).tolist() == pytest.approx([1.0, 1.0, 1.0], abs=1e-5)
    assert "after Normalize, mean: [0.0, 0.0, 0.0]" in s.stdout.splitlines()
    assert "after Normalize, std: [1.0, 1.0, 1.0]" in s.stdout.splitlines()
