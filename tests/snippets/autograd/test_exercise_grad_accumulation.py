"""snippets/autograd/exercise_grad_accumulation.py (an exercise's solution), run in-process."""


def test_scaled_micro_batches_equal_the_whole_batch(run_snippet):
    s = run_snippet("autograd/exercise_grad_accumulation")
    assert s.whole.shape == (4,)  # 3 weights and 1 bias
    assert "4 micro-batches, loss / 4, equal the whole batch: True" in s.stdout
    assert "micro-batches 3, 3, 2 weighted by size equal the whole batch: True" in s.stdout


def test_wrong_scaling_gives_another_gradient(run_snippet):
    s = run_snippet("autograd/exercise_grad_accumulation")
    assert round(s.ratio, 4) == 4.0
    assert "without / 4, gradient / whole batch's: 4.0000" in s.stdout
    assert "the same divided by 3 equal the whole batch: False" in s.stdout


def test_zero_grad_sets_grads_to_none(run_snippet):
    s = run_snippet("autograd/exercise_grad_accumulation")
    assert all(p.grad is None for p in s.model.parameters())
    assert s.stdout.splitlines()[-1] == "after zero_grad(): [None, None]"
