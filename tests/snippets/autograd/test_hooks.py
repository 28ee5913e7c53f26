import pytest
import torch


def test_hook_on_an_intermediate_sees_its_gradient(run_snippet):
    s = run_snippet("autograd/hooks")
    assert s.seen == [[3.0, 3.0, 3.0]]  # d(3h)/dh
    assert "gradient reaching h: [3.0, 3.0, 3.0]" in s.stdout


def test_hook_on_the_leaf_replaces_the_gradient(run_snippet):
    s = run_snippet("autograd/hooks")
    assert "w.grad with the clamping hook: [1.0, -1.0, 1.0] (unclamped: 6w)" in s.stdout
    assert s.unhooked == [6.0, -12.0, 18.0]  # after handle.remove(): 6w again
    assert "w.grad after handle.remove(): [6.0, -12.0, 18.0]" in s.stdout


def test_changing_an_intermediate_gradient_reaches_the_leaf(run_snippet):
    s = run_snippet("autograd/hooks")
    assert s.halved == [3.0, -6.0, 9.0]
    assert s.w.grad.tolist() == s.halved
    assert "w.grad with h's gradient halved: [3.0, -6.0, 9.0]" in s.stdout


def test_a_hook_must_keep_the_gradient_shape():
    w = torch.ones(3, requires_grad=True)
    w.register_hook(lambda grad: grad.sum())
    with pytest.raises(RuntimeError, match="hook '<lambda>' has changed the size of value"):
        (w * 2).sum().backward()
