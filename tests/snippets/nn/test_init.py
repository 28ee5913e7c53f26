import math

import torch
from torch import nn


def test_linear_default_is_uniform_within_one_over_sqrt_fan_in(run_snippet):
    s = run_snippet("nn/init")
    assert s.bound == 0.0625  # 1 / sqrt(256)
    assert "1/sqrt(in_features): 0.0625" in s.stdout
    assert "default weight min -0.0625  max +0.0625" in s.stdout
    assert "default bias   min -0.0594  max +0.0624" in s.stdout
    assert round(s.gain * math.sqrt(3 / 256), 12) == 0.0625  # gain sqrt(2 / (1 + 5)) = sqrt(1/3)
    assert "kaiming_uniform_ bound with a=sqrt(5): 0.0625" in s.stdout
    assert "same weight as the layer's default: True" in s.stdout


def test_default_bounds_hold_for_any_layer():
    torch.manual_seed(1)
    layer = nn.Linear(9, 500)
    assert layer.weight.abs().max().item() <= 1 / 3 and layer.bias.abs().max().item() <= 1 / 3
    assert layer.weight.abs().max().item() > 0.33  # 4500 draws come close to the bound
    conv = nn.Conv2d(8, 4, kernel_size=3, groups=2)  # fan_in = 8 / 2 * 3 * 3 = 36
    assert conv.weight.abs().max().item() <= 1 / 6 and conv.bias.abs().max().item() <= 1 / 6
    assert conv.weight.abs().max().item() > 0.16


def test_explicit_xavier_and_zeros(run_snippet):
    s = run_snippet("nn/init")
    assert round(s.xavier_bound, 6) == 0.136931  # sqrt(6 / 320)
    assert s.layer.weight.abs().max().item() <= s.xavier_bound
    assert "xavier bound: 0.136931 | max |w|: 0.136927" in s.stdout
    assert s.layer.bias.tolist() == [0.0] * 64
    assert s.layer.weight.requires_grad and s.layer.bias.requires_grad  # still parameters
    assert "bias after zeros_: 0.0 | requires_grad: True" in s.stdout


def test_apply_visits_every_linear(run_snippet):
    s = run_snippet("nn/init")
    assert s.model[0].bias.abs().sum().item() == 0.0 and s.model[2].bias.abs().sum().item() == 0.0
    assert "0.weight std 0.0442 (sqrt(2/fan_in) = 0.0442)" in s.stdout
    assert "2.weight std 0.0621 (sqrt(2/fan_in) = 0.0625)" in s.stdout
