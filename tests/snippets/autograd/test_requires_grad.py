import pytest
import torch
from torch import nn


def test_created_tensors_do_not_require_grad_parameters_do(run_snippet):
    s = run_snippet("autograd/requires_grad")
    assert s.created == {
        "torch.tensor([1.0, 2.0])": False,
        "torch.arange(3.0)": False,
        "torch.zeros(3, requires_grad=True)": True,
    }
    assert "torch.tensor([1.0, 2.0])             requires_grad=False" in s.stdout
    assert "torch.zeros(3, requires_grad=True)   requires_grad=True" in s.stdout
    # checked here too, so the defaults are pinned independently of the snippet's wording; the page says a
    # model's parameters (nn.Parameter, taught in the nn chapter) default to True
    assert not torch.ones(1).requires_grad and not torch.empty(1).requires_grad
    assert nn.Parameter(torch.ones(1)).requires_grad
    assert not nn.Parameter(torch.ones(1), requires_grad=False).requires_grad


def test_one_tracked_input_is_enough(run_snippet):
    s = run_snippet("autograd/requires_grad")
    assert s.propagated == {
        "a + b": False,
        "a + w": True,
        "(a * b).sum() * w": True,
        "w > 0": False,
        "w.argmax()": False,
    }
    assert "a + w              requires_grad=True" in s.stdout
    assert "w > 0              requires_grad=False" in s.stdout
    assert "w.argmax()         requires_grad=False" in s.stdout


def test_requires_grad_underscore_is_in_place(run_snippet):
    s = run_snippet("autograd/requires_grad")
    assert s.c.requires_grad and s.c.is_leaf and s.returned_self is True
    assert "c.requires_grad_() is c: True | c.requires_grad: True" in s.stdout


def test_integer_tensors_cannot_require_grad(run_snippet):
    s = run_snippet("autograd/requires_grad")
    message = "Only Tensors of floating point and complex dtype can require gradients"
    assert f"RuntimeError: {message}" in s.stdout
    with pytest.raises(RuntimeError, match=message):
        torch.tensor([1, 2], requires_grad=True)
