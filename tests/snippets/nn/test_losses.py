import math

import pytest
import torch
import torch.nn.functional as F
from torch import nn


def test_mse(run_snippet):
    s = run_snippet("nn/losses")
    assert s.mse.item() == pytest.approx(0.5 / 3)
    assert s.mse_sum.item() == 0.5
    assert "MSELoss (mean): 0.166667 | MSELoss (sum): 0.500000" in s.stdout


def test_cross_entropy_is_nll_of_log_softmax(run_snippet):
    s = run_snippet("nn/losses")
    assert torch.allclose(s.ce, s.nll)
    assert torch.allclose(s.ce, s.by_hand)
    row0 = -(2.0 - math.log(math.exp(2.0) + math.exp(1.0) + math.exp(0.1)))
    row1 = -(2.5 - math.log(math.exp(0.5) + math.exp(2.5) + math.exp(0.3)))
    assert s.ce.item() == pytest.approx((row0 + row1) / 2, abs=1e-6)
    assert "CrossEntropyLoss(logits)          = 0.318540" in s.stdout
    assert "NLLLoss(log_softmax(logits))      = 0.318540" in s.stdout
    assert "equal: True" in s.stdout and "by hand equal: True" in s.stdout


def test_nll_on_raw_logits_is_not_cross_entropy(run_snippet):
    s = run_snippet("nn/losses")
    assert s.wrong.item() == -2.25
    assert "NLLLoss(raw logits), a common bug = -2.250000  (= -(2.0 + 2.5) / 2)" in s.stdout


def test_reduction_none_shapes(run_snippet):
    s = run_snippet("nn/losses")
    assert s.per_sample.shape == (2,)
    assert s.pixel_loss.shape == (4, 8, 8)
    assert s.pixel_loss.cpu().allclose(torch.full((4, 8, 8), math.log(3)))
    assert "per-sample losses: (2,) | per-pixel losses: (4, 8, 8)" in s.stdout
    assert "uniform logits over 3 classes give log(3) = 1.098612" in s.stdout


def test_float_class_targets_raise(run_snippet):
    s = run_snippet("nn/losses")
    assert "RuntimeError: expected target dtype to be Long or Byte, but got Float" in s.stdout
    with pytest.raises(RuntimeError, match="expected target dtype to be Long or Byte, but got Float"):
        F.cross_entropy(torch.zeros(2, 3), torch.tensor([0.0, 1.0]))


def test_probability_targets_and_label_smoothing(run_snippet):
    s = run_snippet("nn/losses")
    log_p = F.log_softmax(s.logits, dim=1)
    # a float target of the SAME shape as the logits is read as class probabilities
    assert torch.allclose(s.ce_soft, -(s.soft * log_p).sum(dim=1).mean())
    assert "CrossEntropyLoss(probability targets) = 0.723540" in s.stdout
    # label smoothing is the probability target 0.9 * one_hot + 0.1 / 3
    smoothed = 0.9 * F.one_hot(s.labels, 3).float() + 0.1 / 3
    assert torch.allclose(s.smooth, nn.CrossEntropyLoss()(s.logits, smoothed))
    assert "CrossEntropyLoss(label_smoothing=0.1) = 0.436873" in s.stdout
    one_hot = torch.tensor([[1.0, 0.0, 0.0]])
    by_index = nn.CrossEntropyLoss()(torch.tensor([[2.0, 1.0, 0.1]]), torch.tensor([0]))
    assert torch.allclose(nn.CrossEntropyLoss()(torch.tensor([[2.0, 1.0, 0.1]]), one_hot), by_index)
