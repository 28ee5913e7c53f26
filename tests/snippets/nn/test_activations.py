import pytest
import torch


def test_values_table(run_snippet):
    s = run_snippet("nn/activations")
    assert s.results["ReLU"].tolist() == [0.0, 0.0, 0.0, 0.5, 2.0]
    assert torch.allclose(s.results["LeakyReLU(0.1)"].cpu(), torch.tensor([-0.2, -0.05, 0.0, 0.5, 2.0]))
    assert s.results["Sigmoid"][2].item() == 0.5 and s.results["Tanh"][2].item() == 0.0
    sigmoid = s.results["Sigmoid"]
    assert torch.allclose(sigmoid + sigmoid.flip(0), torch.ones_like(s.x))  # sigmoid(-x) = 1 - sigmoid(x)
    assert "Sigmoid           0.1192   0.3775   0.5000   0.6225   0.8808" in s.stdout
    assert "Tanh             -0.9640  -0.4621   0.0000   0.4621   0.9640" in s.stdout
    assert "LeakyReLU(0.1)   -0.2000  -0.0500   0.0000   0.5000   2.0000" in s.stdout


def test_defaults_and_functional_forms(run_snippet):
    s = run_snippet("nn/activations")
    assert "LeakyReLU() default negative_slope: 0.01" in s.stdout
    assert "Sigmoid == torch.sigmoid: True" in s.stdout and "ReLU == torch.relu: True" in s.stdout


def test_shapes_unchanged_and_no_parameters(run_snippet):
    s = run_snippet("nn/activations")
    for name, layer in s.layers.items():
        assert layer(s.batch).shape == (4, 8, 32, 32)
        assert list(layer.parameters()) == []
        assert f"{name:<16} (4, 8, 32, 32) -> (4, 8, 32, 32)  parameters: 0" in s.stdout


def test_gradients(run_snippet):
    s = run_snippet("nn/activations")
    assert "ReLU gradient at -2 and 2: [0.0, 1.0]" in s.stdout
    assert "LeakyReLU(0.1) gradient at -2 and 2: [0.1, 1.0]" in s.stdout


def test_the_figure_draws_each_function_and_its_autograd_slope(run_snippet):
    s = run_snippet("nn/activations")
    assert list(s.figures) == ["activations.png"]
    assert [line.get_label() for line in s.left.get_lines()] == list(s.layers)
    for name, f, df in zip(s.layers, s.left.get_lines(), s.right.get_lines(), strict=True):
        assert f.get_ydata().tolist() == s.curves[name].tolist()
        assert df.get_ydata().tolist() == s.slopes[name].tolist()
    assert s.slopes["Sigmoid"].max().item() == 0.25 and s.slopes["Tanh"].max().item() == 1.0
    assert s.slopes["ReLU"][0].item() == 0.0 and s.slopes["LeakyReLU(0.1)"][0].item() == pytest.approx(0.1)
