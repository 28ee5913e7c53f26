"""snippets/nn/exercise_ce_padding_weights.py (an exercise's solution), run in-process."""

import pytest
import torch


def test_ignore_index_averages_over_the_real_tokens_only(run_snippet):
    s = run_snippet("nn/exercise_ce_padding_weights")
    assert s.real.tolist() == [True, True, True, False]
    assert s.ce.item() == pytest.approx(s.token_losses.mean().item(), abs=1e-6)
    assert "losses of the real tokens: [0.2413, 0.4368, 0.2395]" in s.stdout
    assert "ignore_index: 0.3059 | mean of the 3 real tokens: 0.3059" in s.stdout


def test_padding_labelled_zero_is_counted(run_snippet):
    s = run_snippet("nn/exercise_ce_padding_weights")
    assert s.per_token[3, 0].item() == pytest.approx(torch.log(torch.tensor(3.0)).item())  # equal logits
    assert s.padded_as_zero.item() == pytest.approx(s.by_hand.item(), abs=1e-6)
    assert "padding labelled 0: 0.5041 | by hand: 0.5041" in s.stdout


def test_class_weights_divide_by_the_sum_of_the_weights(run_snippet):
    s = run_snippet("nn/exercise_ce_padding_weights")
    assert s.w.tolist() == [1.0, 2.0, 0.5] and s.w.sum().item() == 3.5
    assert s.weighted.item() == pytest.approx(s.weighted_mean.item(), abs=1e-6)
    assert "weight=[1, 2, 0.5]: 0.3528 | sum(w*loss)/sum(w): 0.3528" in s.stdout
    assert "mean(w*loss), the wrong divisor: 0.4116" in s.stdout
