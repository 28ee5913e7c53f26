import pytest
import torch
from torch import nn


def test_optimizer_references_the_parameter(run_snippet):
    s = run_snippet("optim/optimizers")
    assert "optimizer holds the very same tensor: True" in s.stdout
    assert "w.grad before any backward: None" in s.stdout


def test_sgd_momentum_steps(run_snippet):
    s = run_snippet("optim/optimizers")
    # buf1 = g1 = [2, -4]; w1 = [0.8, -1.6]; g2 = [1.6, -3.2]; buf2 = 0.9 * buf1 + g2 = [3.4, -6.8]
    assert s.w.tolist() == pytest.approx([0.062, -0.124], abs=1e-6)
    assert torch.allclose(s.w, s.expected) and torch.allclose(s.momentum, s.buf)
    assert "SGD step 0: grad [2.0, -4.0] -> w [0.8, -1.6]" in s.stdout
    assert "SGD step 1: grad [1.6, -3.2] -> w [0.46, -0.92]" in s.stdout
    assert "SGD step 2: grad [0.92, -1.84] -> w [0.062, -0.124]" in s.stdout
    assert "SGD matches the rule by hand: True" in s.stdout


def test_adam_first_step_is_about_lr(run_snippet):
    s = run_snippet("optim/optimizers")
    assert s.v.tolist() == pytest.approx([0.9, -199.9], abs=1e-5)
    assert sorted(s.adam.state[s.v]) == ["exp_avg", "exp_avg_sq", "step"]
    assert s.adam.state[s.v]["step"].item() == 1
    assert "Adam one step: [0.9, -199.9] <- each moved by 0.1" in s.stdout
    assert "SGD one step:  [0.8, -160.0]" in s.stdout


def test_zero_grad_sets_none(run_snippet):
    s = run_snippet("optim/optimizers")
    assert s.u.grad is None
    assert "after zero_grad(): None" in s.stdout
    p = nn.Parameter(torch.ones(2))
    opt = torch.optim.SGD([p], lr=0.1)
    p.sum().backward()
    opt.zero_grad(set_to_none=False)  # the old behaviour, on request
    assert p.grad.tolist() == [0.0, 0.0]
