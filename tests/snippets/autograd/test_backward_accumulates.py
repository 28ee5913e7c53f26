import pytest
import torch


def test_repeated_backward_adds_up(run_snippet):
    s = run_snippet("autograd/backward_accumulates")
    assert s.history == [[2.0, 4.0], [4.0, 8.0], [6.0, 12.0]]
    assert s.after_reset == [2.0, 4.0]
    assert "after backward #3: w.grad = [6.0, 12.0]" in s.stdout
    # two uses of w, one summed arrival per backward (the hook also saw the backward after the reset)
    assert s.arrivals == [[2.0, 4.0]] * 4
    assert "hook on w fired 3 times, each with [2.0, 4.0]" in s.stdout


def test_zero_grad_sets_none_and_keeps_steps_apart(run_snippet):
    s = run_snippet("autograd/backward_accumulates")
    assert s.after_zero_grad == [None, None]
    assert s.weight_grads[True] == [[1.0, -1.0], [0.4, -0.4]]
    # without zero_grad the second step sees 1.0 + 0.4
    assert s.weight_grads[False] == [[1.0, -1.0], [1.4, -1.4]]
    assert "zero_grad() each step: False -> weight.grad per step: [[1.0, -1.0], [1.4, -1.4]]" in s.stdout


def test_non_scalar_backward_needs_a_gradient(run_snippet):
    s = run_snippet("autograd/backward_accumulates")
    message = "grad can be implicitly created only for scalar outputs"
    assert f"RuntimeError: {message}" in s.stdout
    assert "v.grad with gradient=ones: [10.0, 10.0, 10.0]" in s.stdout
    with pytest.raises(RuntimeError, match=message):
        (torch.ones(3, requires_grad=True) * 2).backward()
