import pytest
import torch
from torch.autograd.gradcheck import GradcheckError


def test_forward_and_graph_node(run_snippet):
    s = run_snippet("autograd/custom_function")
    assert "y: [-0.2384, 0.0, 1.2264] | grad_fn: SiLUBackward" in s.stdout
    assert torch.allclose(s.y, torch.nn.functional.silu(torch.tensor([-2.0, 0.0, 1.5])))


def test_custom_backward_matches_builtin_silu(run_snippet):
    s = run_snippet("autograd/custom_function")
    x = torch.tensor([-2.0, 0.0, 1.5], requires_grad=True)
    torch.nn.functional.silu(x).sum().backward()
    assert torch.allclose(s.custom_grad, x.grad, atol=1e-6)
    assert s.custom_grad[1].item() == 0.5  # sigmoid(0)
    assert "custom grad:  [-0.0908, 0.5, 1.0413]" in s.stdout
    assert "builtin grad: [-0.0908, 0.5, 1.0413]" in s.stdout


def test_gradcheck_passes_and_catches_the_broken_backward(run_snippet):
    s = run_snippet("autograd/custom_function")
    assert s.passed is True
    assert s.inputs[0].dtype == torch.float64
    assert s.broken_message == "Jacobian mismatch for output 0 with respect to input 0"
    assert "gradcheck(SiLU): True" in s.stdout
    assert "GradcheckError: Jacobian mismatch for output 0 with respect to input 0" in s.stdout
    with pytest.raises(GradcheckError, match="Jacobian mismatch"):
        torch.autograd.gradcheck(s.BrokenSiLU.apply, s.inputs)
    assert issubclass(GradcheckError, RuntimeError)


def test_function_lives_in_torch_autograd(run_snippet):
    s = run_snippet("autograd/custom_function")
    assert "torch.Function exists: False | the base class is torch.autograd.Function" in s.stdout
    assert issubclass(s.SiLU, torch.autograd.Function)
