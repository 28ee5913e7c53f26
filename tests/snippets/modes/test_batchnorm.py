import pytest
import torch
from torch import nn


def test_train_mode_normalises_with_batch_statistics(run_snippet):
    s = run_snippet("modes/batchnorm")
    assert "batch mean: [4.0, 12.0] | biased var: [5.0, 4.0]" in s.stdout
    assert "train output, column 0: [-1.3416, -0.4472, 0.4472, 1.3416]" in s.stdout
    expected = (s.x - s.x.mean(0)) / torch.sqrt(s.x.var(0, correction=0) + 1e-5)
    assert torch.allclose(s.y, expected, atol=1e-6)


def test_running_statistics_move_by_momentum_in_train_mode_only(run_snippet):
    s = run_snippet("modes/batchnorm")
    assert "after 1 train step: running_mean [0.4, 1.2]" in s.stdout
    assert "                    running_var  [1.5667, 1.4333]" in s.stdout  # 0.9 * 1 + 0.1 * unbiased var
    assert "running_mean unchanged in eval: True" in s.stdout
    assert torch.equal(s.running_before, torch.tensor([0.4, 1.2]))


def test_eval_mode_uses_running_statistics(run_snippet):
    s = run_snippet("modes/batchnorm")
    assert "eval output, column 0: [0.4794, 2.0772, 3.6751, 5.273]" in s.stdout
    assert "eval, batch of 1: [0.4794, 7.3503]" in s.stdout
    assert s.y_eval[0, 0].item() == pytest.approx((1.0 - 0.4) / (1.5667 + 1e-5) ** 0.5, abs=1e-4)


def test_batch_of_one_fails_in_train_mode(run_snippet):
    s = run_snippet("modes/batchnorm")
    message = "Expected more than 1 value per channel when training, got input size torch.Size([1, 2])"
    assert f"ValueError: {message}" in s.stdout
    with pytest.raises(ValueError, match=r"Expected more than 1 value per channel when training"):
        nn.BatchNorm1d(2)(torch.ones(1, 2))


def test_no_grad_does_not_stop_running_statistics(run_snippet):
    s = run_snippet("modes/batchnorm")
    line = "after a no_grad pass in train mode: running_mean [0.76, 2.28] | num_batches_tracked: 2"
    assert line in s.stdout.splitlines()
    assert s.bn.training and int(s.bn.num_batches_tracked) == 2
