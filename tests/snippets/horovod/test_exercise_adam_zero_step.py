"""snippets/horovod/exercise_adam_zero_step.py (an exercise's solution), run in-process without Horovod."""

import torch


def test_the_zero_step_shrinks_the_first_updates(run_snippet):
    s = run_snippet("horovod/exercise_adam_zero_step")
    ratios = [(b / a) for a, b in zip(s.fresh, s.horovod, strict=True)]
    # Step 1: every element shrinks by the same factor, the one worked out by hand.
    assert torch.allclose(ratios[0], torch.full_like(ratios[0], s.expected), rtol=1e-4)
    assert round(s.expected, 4) == 0.7441
    means = [r.mean().item() for r in ratios]
    assert means[0] < means[1] < means[2] < 1  # the gap closes as bias correction fades
    assert "real step 1: update after the zero step / fresh Adam's update = 0.7441\n" in s.stdout
    assert "predicted ratio for step 1: 0.7441\n" in s.stdout
