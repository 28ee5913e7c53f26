import pytest
import torch


def test_repeated_backward_adds_up(run_snippet):
    s = run_snippet("autograd/backward_accumulates")
    assert s.history == [[2.0, 4.0], [4.0, 8.0], [6.0, 12.0]]
    assert "after backward #3: w.grad = [6.0, 12.0]" in s.stdout


def test_the_engine_sums_the_uses_of_one_graph_and_delivers_once():
    """The page's claim: w is used twice in w * w, yet one backward delivers one summed gradient to w."""
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    arrivals = []
    w.register_hook(lambda grad: arrivals.append(grad.tolist()))
    (w * w).sum().backward()
    assert arrivals == [[2.0, 4.0]]


def test_clearing_with_none_or_in_place_zero(run_snippet):
    s = run_snippet("autograd/backward_accumulates")
    assert s.after_none == [2.0, 4.0]
    assert s.after_zero == [2.0, 4.0]
    assert s.w.grad is s.grad_tensor  # zero_() kept the tensor, the next backward added into it
    assert "after w.grad.zero_() and one more backward: [2.0, 4.0] | same tensor: True" in s.stdout


def test_non_scalar_backward_needs_a_gradient(run_snippet):
    s = run_snippet("autograd/backward_accumulates")
    message = "grad can be implicitly created only for scalar outputs"
    assert f"RuntimeError: {message}" in s.stdout
    assert "v.grad with gradient=ones: [10.0, 10.0, 10.0]" in s.stdout
    with pytest.raises(RuntimeError, match=message):
        (torch.ones(3, requires_grad=True) * 2).backward()
