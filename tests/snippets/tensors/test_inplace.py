import pytest
import torch


def test_fill_is_in_place_and_returns_self(run_snippet):
    s = run_snippet("tensors/inplace")
    assert s.same_as_a is s.c  # fill_ and add_ both returned the original tensor
    assert "fill_ returns a itself: True" in s.stdout
    assert "a: [[3.5, 3.5, 3.5], [3.5, 3.5, 3.5]]" in s.stdout


def test_add_returns_new_tensor_and_leaves_a(run_snippet):
    s = run_snippet("tensors/inplace")
    assert s.b.tolist() == [[7.5] * 3] * 2
    assert s.b is not s.c
    assert "a afterwards:   [[3.5, 3.5, 3.5], [3.5, 3.5, 3.5]]" in s.stdout
    assert "b is a: False | shares memory: False" in s.stdout


def test_add_underscore_changes_a_and_returns_it(run_snippet):
    s = run_snippet("tensors/inplace")
    assert s.c.tolist() == [[7.5] * 3] * 2
    assert "c is a: True" in s.stdout


def test_operator_forms(run_snippet):
    s = run_snippet("tensors/inplace")
    assert s.x_before.tolist() == [0.0, 0.0] and s.x.tolist() == [1.0, 1.0]
    assert s.x is not s.x_before
    assert s.y is s.y_before and s.y_before.tolist() == [1.0, 1.0]


def test_in_place_broadcasts_only_the_right_operand(run_snippet):
    s = run_snippet("tensors/inplace")
    assert s.target.tolist() == [[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]
    assert "zeros(2, 3).add_(3 values): [[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]\n" in s.stdout
    message = "output with shape [3] doesn't match the broadcast shape [2, 3]"
    assert f"RuntimeError: {message}\n" in s.stdout
    with pytest.raises(
        RuntimeError, match=r"output with shape \[3\] doesn't match the broadcast shape \[2, 3\]"
    ):
        torch.zeros(3).add_(torch.ones(2, 3))
