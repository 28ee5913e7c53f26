"""snippets/nn/exercise_mlp.py (an exercise's solution), run in-process."""

import math

import pytest


def test_module_list_registers_the_layers_a_plain_list_does_not(run_snippet):
    s = run_snippet("nn/exercise_mlp")
    assert s.by_formula == 4 * 8 + 8 + 8 * 8 + 8 + 8 * 2 + 2 == 130
    assert s.count(s.good) == 130 and s.count(s.bad) == 0
    assert "parameters by formula: 130 | ModuleList: 130 | plain list: 0" in s.stdout
    assert list(s.good.state_dict()) == [f"layers.{i}.{k}" for i in range(3) for k in ("weight", "bias")]
    names = [f"layers.{i}.{k}" for i in range(3) for k in ("weight", "bias")]
    assert f"ModuleList parameter names: {names}" in s.stdout
    assert "plain list parameter names: []" in s.stdout
    assert list(s.bad.state_dict()) == []  # nothing of the plain list would be saved either
    assert "output shapes: (5, 2) (5, 2) <- both run; only one can learn" in s.stdout


def test_apply_reaches_every_linear(run_snippet):
    s = run_snippet("nn/exercise_mlp")
    for layer, bound in zip(
        s.good.layers, (math.sqrt(6 / 12), math.sqrt(6 / 16), math.sqrt(6 / 10)), strict=True
    ):
        assert layer.weight.abs().max().item() <= bound
        assert not layer.bias.any()
    assert "layers.0: xavier bound 0.7071 | largest |w| 0.6372 | biases zero: True" in s.stdout
    assert "layers.1: xavier bound 0.6124 | largest |w| 0.6122 | biases zero: True" in s.stdout
    assert "layers.2: xavier bound 0.7746 | largest |w| 0.7414 | biases zero: True" in s.stdout
    assert s.good.layers[0].weight.requires_grad
    assert s.bound == pytest.approx(math.sqrt(0.6))
