"""snippets/autograd/exercise_grad_accumulation.py (an exercise's solution), run in-process."""

import torch


def test_scaled_micro_batches_equal_the_whole_batch(run_snippet):
    s = run_snippet("autograd/exercise_grad_accumulation")
    assert s.whole.shape == (4,)  # 3 weights and 1 bias
    assert "4 micro-batches, loss / 4, equal the whole batch: True" in s.stdout
    assert "micro-batches 3, 3, 2 weighted by size equal the whole batch: True" in s.stdout


def test_the_reference_is_the_whole_batch_gradient(run_snippet):
    """The hand formula for the mean squared error: d/dw = 2/n X^T r, d/db = 2/n sum(r), r the residual."""
    s = run_snippet("autograd/exercise_grad_accumulation")
    with torch.no_grad():
        residual = s.x @ s.w + s.b - s.y
        expected = torch.cat([2 / 8 * s.x.T @ residual, (2 / 8 * residual.sum()).reshape(1)])
    assert torch.allclose(s.whole, expected, atol=1e-6)


def test_wrong_scaling_gives_another_gradient(run_snippet):
    s = run_snippet("autograd/exercise_grad_accumulation")
    assert round(s.ratio, 4) == 4.0
    assert "without / 4, gradient / whole batch's: 4.0000" in s.stdout
    assert "the same divided by 3 equal the whole batch: False" in s.stdout


def test_every_experiment_starts_from_cleared_grads(run_snippet):
    s = run_snippet("autograd/exercise_grad_accumulation")
    assert s.w.grad is None and s.b.grad is None
