import pytest
import torch


def test_leaf_and_grad_fn(run_snippet):
    s = run_snippet("autograd/leaf_tensors")
    assert s.nodes == {"x": (True, None), "y": (False, "MulBackward0"), "z": (False, "SumBackward0")}
    assert "x: is_leaf=True  grad_fn=None" in s.stdout
    assert "z.grad_fn.next_functions: ['MulBackward0']" in s.stdout
    assert "y.grad_fn.next_functions: ['AccumulateGrad', 'AccumulateGrad']" in s.stdout


def test_backward_fills_leaf_grad_and_retained_grad(run_snippet):
    s = run_snippet("autograd/leaf_tensors")
    assert s.x_grad == [2.0, 4.0, 6.0]
    assert s.y_grad == [1.0, 1.0, 1.0]


def test_non_leaf_grad_is_none_and_warns(run_snippet):
    s = run_snippet("autograd/leaf_tensors")
    assert s.y2_grad is None
    assert len(s.caught) == 1 and s.caught[0].category is UserWarning
    line = "UserWarning: The .grad attribute of a Tensor that is not a leaf Tensor is being accessed."
    assert line in s.stdout
    with pytest.warns(UserWarning, match="use .retain_grad\\(\\) on the non-leaf Tensor"):
        assert (torch.ones(1, requires_grad=True) * 2).grad is None


def test_tensor_without_grad_is_a_leaf(run_snippet):
    s = run_snippet("autograd/leaf_tensors")
    assert s.plain.is_leaf and s.plain.grad_fn is None
    assert "plain: is_leaf = True | grad_fn = None" in s.stdout


def test_conversion_after_requires_grad_is_not_a_leaf(run_snippet):
    s = run_snippet("autograd/leaf_tensors")
    assert "is_leaf = False ToCopyBackward0" in s.stdout
    assert s.w_fixed.dtype == torch.float64 and s.w_fixed.is_leaf
    assert "w_fixed: is_leaf = True | grad: [4.0, 4.0]" in s.stdout
    w = torch.ones(2, requires_grad=True).double()
    assert not w.is_leaf and type(w.grad_fn).__name__ == "ToCopyBackward0"
