"""snippets/optim/clip_grad.py: what clip_grad_norm_ returns and how it scales; clip_grad_value_ beside it."""

import pytest
import torch


def test_returns_the_norm_before_clipping(run_snippet):
    s = run_snippet("optim/clip_grad")
    assert s.total.item() == pytest.approx(s.by_hand.item(), rel=1e-6)
    assert s.total.item() == pytest.approx(10.6947, abs=1e-4)
    assert "returned: 10.6947 | norm by hand: 10.6947\n" in s.stdout


def test_gradients_are_scaled_by_max_norm_over_total(run_snippet):
    s = run_snippet("optim/clip_grad")
    assert s.scale.item() == pytest.approx(1.0 / (10.6947 + 1e-6), rel=1e-5)
    for after, before in zip(s.after, s.before, strict=True):
        assert torch.equal(after, before * s.scale)
    assert torch.linalg.vector_norm(torch.cat([g.flatten() for g in s.after])).item() == pytest.approx(
        1.0, abs=1e-6
    )
    assert "scale: 0.093504\n" in s.stdout
    assert "every gradient = before * scale: True\n" in s.stdout
    assert "norm after clipping: 1.0000\n" in s.stdout


def test_below_max_norm_nothing_changes(run_snippet):
    s = run_snippet("optim/clip_grad")
    assert s.again.item() == pytest.approx(1.0, abs=1e-6)
    assert s.unchanged
    assert "returned 1.0000 < max_norm 5.0, unchanged: True\n" in s.stdout


def test_clip_grad_value_clamps_each_element(run_snippet):
    s = run_snippet("optim/clip_grad")
    assert s.before[1].tolist() == pytest.approx([-2.6732, -2.8841], abs=1e-4)
    assert s.kept[1].tolist() == pytest.approx([-0.25, -0.2697], abs=1e-4)
    assert s.bias.grad.tolist() == [-1.0, -1.0]  # both clamped: the direction is no longer the gradient's
    assert "clip_grad_value_ (1.0):     [-1.0, -1.0]\n" in s.stdout
