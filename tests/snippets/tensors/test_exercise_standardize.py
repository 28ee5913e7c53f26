"""snippets/tensors/exercise_standardize.py (an exercise's solution), run in-process."""

import torch


def test_one_mean_and_std_per_column(run_snippet):
    s = run_snippet("tensors/exercise_standardize")
    assert s.data.shape == (6, 3)
    assert s.mean.shape == s.std.shape == (1, 3)
    assert "mean: (1, 3) | std: (1, 3)" in s.stdout.splitlines()
    for column in range(3):
        values = s.data[:, column]
        assert torch.allclose(s.mean[0, column], values.mean())
        assert torch.allclose(s.std[0, column], values.std())


def test_every_column_ends_at_mean_0_std_1(run_snippet):
    s = run_snippet("tensors/exercise_standardize")
    assert torch.allclose(s.standardized.mean(dim=0), torch.zeros(3), atol=1e-6)
    assert torch.allclose(s.standardized.std(dim=0), torch.ones(3))
    assert "column means 0: True" in s.stdout.splitlines()
    assert "column stds 1: True" in s.stdout.splitlines()
    assert torch.allclose(s.standardized[0], torch.tensor([1.4766, 0.7306, -0.8533]), atol=5e-5)


def test_the_columns_had_very_different_scales(run_snippet):
    s = run_snippet("tensors/exercise_standardize")
    assert s.data[:, 0].min() > 140 and s.data[:, 2].max() < 40  # cm and years
    assert s.stdout.splitlines()[-1] == "data.mean(dim=1): (6,)"
