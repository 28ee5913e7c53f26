"""snippets/autograd/exercise_finite_differences.py (an exercise's solution), run in-process."""

import torch


def test_backward_matches_the_formula(run_snippet):
    s = run_snippet("autograd/exercise_finite_differences")
    assert "torch.float64 backward() gives [0.6988, 2.2232, 1.9726]" in s.stdout
    assert "torch.float32 backward() gives [0.6988, 2.2232, 1.9726]" in s.stdout
    assert s.stdout.splitlines()[-1] == "backward() equals the formula: True"


def test_float64_differences_close_in_as_h_shrinks(run_snippet):
    s = run_snippet("autograd/exercise_finite_differences")
    float64 = [s.gaps[("torch.float64", h)] for h in (1e-2, 1e-4, 1e-6)]
    # the central difference errs by about h^2 f'''/6: 1e-4 at h = 1e-2, 1e-8 at h = 1e-4
    assert 1e-5 < float64[0] < 1e-3 and 1e-9 < float64[1] < 1e-7 and float64[2] < 1e-8
    assert "torch.float64 h = 1e-02: largest gap 2.0e-04" in s.stdout


def test_float32_rounding_takes_over_as_h_shrinks(run_snippet):
    s = run_snippet("autograd/exercise_finite_differences")
    float32 = [s.gaps[("torch.float32", h)] for h in (1e-2, 1e-4, 1e-6)]
    assert float32[0] < float32[1] < float32[2]  # rounding error grows like eps / h
    assert float32[2] > 1e-2  # at h = 1e-6 the float32 estimate is off in the second decimal
    assert float32[1] > 100 * s.gaps[("torch.float64", 1e-4)]


def test_the_numeric_gradient_records_nothing(run_snippet):
    s = run_snippet("autograd/exercise_finite_differences")
    x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    numeric = s.numeric_gradient(x, 1e-6)
    assert not numeric.requires_grad and x.grad is None
