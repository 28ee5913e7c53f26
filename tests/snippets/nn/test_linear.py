import pytest
import torch


def test_shape_table(run_snippet):
    s = run_snippet("nn/linear")
    assert s.linear(s.x).shape == (8, 3)
    assert s.linear(s.x_seq).shape == (8, 10, 3)
    assert s.bilinear(s.x, s.x2).shape == (8, 2)
    assert "Linear(4, 3)                 (8, 4)                   (8, 3)" in s.stdout
    assert "Linear(4, 3) on a sequence   (8, 10, 4)               (8, 10, 3)" in s.stdout
    assert "Bilinear(4, 5, 2)            (8, 4) & (8, 5)          (8, 2)" in s.stdout


def test_weights_and_formulas(run_snippet):
    s = run_snippet("nn/linear")
    assert s.linear.weight.shape == (3, 4) and s.linear.bias.shape == (3,)
    assert s.bilinear.weight.shape == (2, 4, 5) and s.bilinear.bias.shape == (2,)
    assert torch.allclose(s.linear(s.x), s.by_hand)
    assert "linear(x) == x @ W.T + b: True" in s.stdout
    assert "bilinear(x, x2) == einsum by hand: True" in s.stdout
    assert "Linear parameters: 15" in s.stdout and "Bilinear parameters: 42" in s.stdout


def test_linear_exact_values():
    # the formula the snippet checks, on numbers small enough to do in your head
    layer = torch.nn.Linear(2, 1)
    with torch.no_grad():
        layer.weight.copy_(torch.tensor([[2.0, -1.0]]))
        layer.bias.fill_(0.5)
    assert layer(torch.tensor([[3.0, 4.0]])).item() == 2.5  # 6 - 4 + 0.5


def test_mismatched_input(run_snippet):
    s = run_snippet("nn/linear")
    message = "mat1 and mat2 shapes cannot be multiplied (8x5 and 4x3)"
    assert f"RuntimeError: {message}" in s.stdout
    with pytest.raises(RuntimeError, match=r"mat1 and mat2 shapes cannot be multiplied \(8x5 and 4x3\)"):
        s.linear(torch.randn(8, 5, device=s.linear.weight.device))
