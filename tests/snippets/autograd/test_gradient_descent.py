"""snippets/autograd/gradient_descent.py: gradient descent written by hand."""

import pytest
import torch


def test_the_loss_falls_and_the_line_is_recovered(run_snippet):
    s = run_snippet("autograd/gradient_descent")
    assert len(s.losses) == 100
    assert all(later < earlier for earlier, later in zip(s.losses[:20], s.losses[1:21], strict=True))
    # the first loss is the mean of (2x + 1)^2 over the 20 points, before any update
    assert s.losses[0] == pytest.approx(((2 * s.x + 1) ** 2).mean().item())
    assert "step   0: loss = 2.473684\n" in s.stdout
    assert "step   1: loss = 0.587841\n" in s.stdout
    assert "step  10: loss = 0.000150\n" in s.stdout
    assert "step  99: loss = 0.000000\n" in s.stdout
    assert "fitted: w = 2.0000, b = 1.0000" in s.stdout


def test_in_place_updates_under_no_grad_keep_the_leaves(run_snippet):
    s = run_snippet("autograd/gradient_descent")
    assert "w after the updates: is_leaf = True | requires_grad = True" in s.stdout
    w, b, _ = s.fit(3)
    assert w.is_leaf and b.is_leaf and w.grad is None and b.grad is None  # cleared after every step


def test_forgetting_to_clear_grad_misses_the_line(run_snippet):
    s = run_snippet("autograd/gradient_descent")
    assert "without clearing .grad: w = 0.6197, b = 1.0000" in s.stdout
    assert s.w_stale.grad is not None  # the sum of all 100 gradients is still there


def test_update_outside_no_grad_and_rebinding(run_snippet):
    s = run_snippet("autograd/gradient_descent")
    assert (
        "update outside no_grad: RuntimeError: a leaf Variable that requires grad is being used in an"
        " in-place operation." in s.stdout
    )
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad is being used in an in-place"):
        torch.ones(3, requires_grad=True).add_(1.0)
    assert s.stdout.splitlines()[-1] == "after w = w - lr * w.grad: requires_grad = False"
    assert s.w.requires_grad is False and s.w.grad_fn is None
