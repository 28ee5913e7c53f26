import pytest
import torch

NOT_DIFFERENTIABLE = "element 0 of tensors does not require grad and does not have a grad_fn"


def test_derivatives_of_x_cubed_at_3(run_snippet):
    s = run_snippet("autograd/higher_order")
    assert (s.dy_dx.item(), s.d2y_dx2.item(), s.d3y_dx3.item()) == (27.0, 18.0, 6.0)
    assert type(s.dy_dx.grad_fn).__name__ == "MulBackward0"
    assert "dy/dx = 3x^2 at x=3: 27.0 | grad_fn: MulBackward0" in s.stdout
    assert "d2y/dx2 = 6x at x=3: 18.0" in s.stdout
    assert "d3y/dx3 = 6: 6.0" in s.stdout
    assert "x.grad after three autograd.grad calls: None" in s.stdout  # grad() leaves .grad alone


def test_second_derivative_agrees_with_hessian():
    hessian = torch.autograd.functional.hessian(lambda x: x**3, torch.tensor(3.0))
    assert hessian.item() == 18.0


def test_gradient_penalty_backpropagates(run_snippet):
    s = run_snippet("autograd/higher_order")
    assert s.penalty_grad == 972.0 == 36 * 3**3
    assert "x.grad of (dy/dx)^2: 972.0" in s.stdout


def test_without_create_graph_the_gradient_is_a_constant(run_snippet):
    s = run_snippet("autograd/higher_order")
    assert s.plain.item() == 27.0 and not s.plain.requires_grad and s.plain.grad_fn is None
    assert s.message == NOT_DIFFERENTIABLE
    assert f"RuntimeError: {NOT_DIFFERENTIABLE}" in s.stdout
    x = torch.tensor(1.0, requires_grad=True)
    (g,) = torch.autograd.grad(x**2, x)
    with pytest.raises(RuntimeError, match=NOT_DIFFERENTIABLE):
        torch.autograd.grad(g, x)
