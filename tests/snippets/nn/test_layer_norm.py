import torch
from torch import nn


def test_layer_norm_matches_the_hand_computation(run_snippet):
    s = run_snippet("nn/layer_norm")
    assert s.y.shape == s.x.shape == (2, 3, 4)
    assert s.ln.eps == 1e-5
    assert torch.allclose(s.y, s.by_hand, atol=1e-6)
    assert "weight [1.0, 1.0, 1.0, 1.0] | bias [0.0, 0.0, 0.0, 0.0]" in s.stdout
    assert "ln(x) == (x - mean) / sqrt(var + eps): True" in s.stdout
    assert "per-token mean: 0.0 (max |mean|)" in s.stdout
    assert "per-token std:  [1.0, 1.0, 1.0]" in s.stdout


def test_each_sample_on_its_own(run_snippet):
    s = run_snippet("nn/layer_norm")
    assert "ln(x[:1]) == ln(x)[:1]: True" in s.stdout
    assert "same output in eval mode: True | buffers: 0" in s.stdout
    assert not s.ln.training


def test_several_trailing_dimensions(run_snippet):
    s = run_snippet("nn/layer_norm")
    assert s.ln2.weight.shape == s.ln2.bias.shape == (3, 4)
    assert "LayerNorm([3, 4]) weight (3, 4) | matches by hand: True" in s.stdout


def test_exact_values_small_enough_to_check_by_hand():
    ln = nn.LayerNorm(2, eps=0.0)
    assert ln(torch.tensor([[1.0, 3.0], [10.0, 0.0]])).tolist() == [[-1.0, 1.0], [1.0, -1.0]]
