"""snippets/intro/exercise_newton_sqrt.py (an exercise's solution), run in-process."""

import math


def test_the_loop_length_follows_the_input(run_snippet):
    s = run_snippet("intro/exercise_newton_sqrt")
    assert s.steps_taken == {2.0: 5, 100.0: 8, 1e6: 14}


def test_the_gradient_through_the_loop_is_that_of_sqrt(run_snippet):
    s = run_snippet("intro/exercise_newton_sqrt")
    for value, grad in s.grads.items():
        assert math.isclose(grad, 0.5 / math.sqrt(value), rel_tol=1e-12)
    assert "a = 1e+06: steps = 14, sqrt = 1000.000000" in s.stdout
    assert "    a.grad = 5.000000e-04, 1 / (2 sqrt(a)) = 5.000000e-04" in s.stdout
