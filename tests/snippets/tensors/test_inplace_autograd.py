"""snippets/tensors/inplace_autograd.py: in-place ops and autograd."""

import pytest
import torch


def test_in_place_on_leaf_requiring_grad_raises(run_snippet):
    s = run_snippet("tensors/inplace_autograd")
    message = "a leaf Variable that requires grad is being used in an in-place operation."
    assert f"RuntimeError: {message}" in s.stdout
    with pytest.raises(RuntimeError, match=message):
        torch.ones(3, requires_grad=True).add_(1.0)
    assert s.weight.tolist() == [2.0, 2.0, 2.0] and s.weight.requires_grad
    assert s.weight.grad_fn is None  # still a leaf


def test_in_place_on_a_non_leaf_is_recorded(run_snippet):
    s = run_snippet("tensors/inplace_autograd")
    assert not s.hidden.is_leaf and type(s.hidden.grad_fn).__name__ == "AddBackward0"
    assert s.hidden._version == 1
    assert "hidden before add_: MulBackward0 | version 0" in s.stdout
    assert "hidden after add_:  AddBackward0 | version 1" in s.stdout
    # d(sum(2w + 1))/dw = 2: the gradient went through the in-place add_ back to the leaf
    assert "weight.grad: [2.0, 2.0, 2.0] | weight is still a leaf: True" in s.stdout
    assert s.weight.grad.tolist() == [2.0, 2.0, 2.0] and s.weight.is_leaf


def test_the_refused_op_would_have_made_the_leaf_a_graph_node():
    """What the page gives as the reason: in-place ops rebase a tensor's history onto a new grad_fn."""
    w = torch.ones(3, requires_grad=True)
    h = w.clone()  # a non-leaf with the same value
    h.add_(1.0)
    assert type(h.grad_fn).__name__ == "AddBackward0" and not h.is_leaf
    h.sum().backward()
    with pytest.warns(UserWarning, match=r"not a leaf Tensor .* won't be populated during autograd.backward"):
        assert h.grad is None  # a graph node does not accumulate .grad; only leaves do
    assert w.grad.tolist() == [1.0, 1.0, 1.0]
