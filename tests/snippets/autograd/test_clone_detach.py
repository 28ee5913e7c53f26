"""snippets/autograd/clone_detach.py: in-place ops inside a graph, clone and detach."""

import pytest
import torch


def test_in_place_on_a_non_leaf_is_recorded(run_snippet):
    s = run_snippet("autograd/clone_detach")
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
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad is being used in an in-place"):
        w.add_(1.0)


def test_clone_is_new_memory_in_the_graph(run_snippet):
    s = run_snippet("autograd/clone_detach")
    assert s.cloned.data_ptr() != s.a.data_ptr()
    assert type(s.cloned.grad_fn).__name__ == "CloneBackward0"
    assert s.a.grad.tolist() == [2.0, 2.0, 2.0]
    assert "clone: shares memory: False | grad_fn: CloneBackward0" in s.stdout
    assert "a.grad after backward through the clone: [2.0, 2.0, 2.0]" in s.stdout


def test_detach_shares_memory_outside_the_graph(run_snippet):
    s = run_snippet("autograd/clone_detach")
    assert s.detached.data_ptr() == s.a.data_ptr()
    assert not s.detached.requires_grad and s.detached.grad_fn is None
    assert s.a.tolist()[0] == 10.0  # the write through detached reached a
    assert "detach: requires_grad: False | grad_fn: None" in s.stdout
    assert "a after detached[0] = 10: [10.0, 2.0, 3.0]" in s.stdout


def test_clone_detach_orders_agree(run_snippet):
    s = run_snippet("autograd/clone_detach")
    for copy in (s.copy_1, s.copy_2):
        assert copy.data_ptr() != s.a.data_ptr()
        assert not copy.requires_grad and copy.grad_fn is None
    assert torch.equal(s.copy_1, s.copy_2)
    assert "detach().clone(): shares memory: False | requires_grad: False" in s.stdout
    assert "same values: True" in s.stdout


def test_torch_tensor_of_a_tensor_warns_and_recommends_detach_clone(run_snippet):
    s = run_snippet("autograd/clone_detach")
    assert len(s.caught) == 1 and s.caught[0].category is UserWarning
    assert "it is recommended to use sourceTensor.detach().clone()" in str(s.caught[0].message)
    assert s.copy_3.data_ptr() != s.a.data_ptr() and not s.copy_3.requires_grad
    assert (
        "UserWarning: To copy construct from a tensor, it is recommended to use sourceTensor.detach()"
        in s.stdout
    )
