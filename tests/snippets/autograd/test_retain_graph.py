import pytest
import torch

SECOND_BACKWARD = (
    "Trying to backward through the graph a second time (or directly access saved tensors after they have "
    "already been freed). Saved intermediate values of the graph are freed when you call .backward() or "
    "autograd.grad(). Specify retain_graph=True if you need to backward through the graph a second time or "
    "if you need to access saved tensors after calling backward."
)


def test_second_backward_fails_with_this_message(run_snippet):
    s = run_snippet("autograd/retain_graph")
    assert s.first == [2.0, 4.0]
    assert s.message == SECOND_BACKWARD
    assert f"RuntimeError: {SECOND_BACKWARD}" in s.stdout


def test_second_backward_error_here():
    x = torch.ones(2, requires_grad=True)
    y = (x * x).sum()
    y.backward()
    with pytest.raises(RuntimeError, match=r"Trying to backward through the graph a second time"):
        y.backward()


def test_retain_graph_allows_a_second_pass(run_snippet):
    s = run_snippet("autograd/retain_graph")
    assert s.twice == [4.0, 8.0]
    assert "two backward passes with retain_graph=True, x.grad: [4.0, 8.0]" in s.stdout


def test_summing_losses_needs_one_backward(run_snippet):
    s = run_snippet("autograd/retain_graph")
    assert s.combined == [8.0, 16.0]  # d/dx of 4 * sum(x^2)


def test_graph_without_saved_values_can_be_walked_twice(run_snippet):
    s = run_snippet("autograd/retain_graph")
    assert "x + 1 walked twice without retain_graph: no error" in s.stdout
