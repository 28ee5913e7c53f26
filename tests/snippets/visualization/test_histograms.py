"""snippets/visualization/histograms.py: histogram summaries read back match the tensors that were logged."""

import pytest


def test_histograms_logged_every_ten_steps(run_snippet):
    s = run_snippet("visualization/histograms")
    assert s.acc.Tags()["histograms"] == ["linear/weight", "linear/weight.grad"]
    assert [e.step for e in s.acc.Histograms("linear/weight")] == [0, 10, 20, 30, 40]


def test_summary_statistics_are_the_tensor_s(run_snippet):
    s = run_snippet("visualization/histograms")
    first = s.acc.Histograms("linear/weight")[0].histogram_value
    assert first.num == 20
    assert (round(first.min, 3), round(first.max, 3)) == (-0.215, 0.204)
    assert "step 40: n=20 min=-0.278 max=+1.284" in s.stdout
    assert sum(first.bucket) == 20  # every weight falls in one bucket


def test_training_moved_only_the_weights_that_matter(run_snippet):
    s = run_snippet("visualization/histograms")
    assert s.w[:5].min() > 1.0
    assert s.w[5:].abs().max() == pytest.approx(0.29, abs=0.01)
