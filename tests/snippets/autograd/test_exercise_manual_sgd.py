"""snippets/autograd/exercise_manual_sgd.py (an exercise's solution), run in-process."""


def test_updates_under_no_grad_fit_the_line(run_snippet):
    s = run_snippet("autograd/exercise_manual_sgd")
    assert "fitted: w = 2.0000, b = 1.0000, loss = " in s.stdout
    assert "w after the updates: is_leaf = True | requires_grad = True" in s.stdout


def test_forgetting_to_clear_grad_misses_the_line(run_snippet):
    s = run_snippet("autograd/exercise_manual_sgd")
    assert "without clearing .grad: w = 0.6197, b = 1.0000, loss = 1.02e+00" in s.stdout


def test_update_outside_no_grad_and_rebinding(run_snippet):
    s = run_snippet("autograd/exercise_manual_sgd")
    assert (
        "update outside no_grad: RuntimeError: a leaf Variable that requires grad is being used in an"
        " in-place operation." in s.stdout
    )
    assert s.stdout.splitlines()[-1] == "after w = w - lr * w.grad: requires_grad = False"
    assert s.w.requires_grad is False and s.w.grad_fn is None
