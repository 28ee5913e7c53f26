"""snippets/modes/exercise_mc_dropout.py (an exercise's solution), run in-process."""

import torch


def test_mc_dropout_samples_only_the_dropout(run_snippet):
    s = run_snippet("modes/exercise_mc_dropout")
    assert "MC dropout mean:   [-0.3105, -0.2285, -0.2385, -0.4048]" in s.stdout
    assert "MC dropout spread: [0.1942, 0.2372, 0.1996, 0.3169]" in s.stdout
    assert (s.spread > 0.1).all()
    assert "running_mean untouched: True" in s.stdout  # BatchNorm was in eval mode throughout
    assert "model back in train mode: True" in s.stdout


def test_plain_eval_has_no_spread(run_snippet):
    s = run_snippet("modes/exercise_mc_dropout")
    assert "plain eval(): all 100 passes identical: True" in s.stdout
    assert "plain eval() prediction: [-0.2985, -0.2587, -0.1995, -0.4279]" in s.stdout
    assert torch.allclose(s.mean, s.outs[0].squeeze(1), atol=0.1)  # MC mean near the plain prediction
