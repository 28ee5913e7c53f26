"""snippets/autograd/exercise_straight_through.py (an exercise's solution), run in-process."""


def test_round_has_zero_gradient_and_the_estimator_passes_it(run_snippet):
    s = run_snippet("autograd/exercise_straight_through")
    assert s.grad_round.tolist() == [0.0, 0.0, 0.0, 0.0]
    assert s.grad_ste.tolist() == s.grad_detach.tolist() == [1.0, 1.0, 1.0, 1.0]
    assert s.RoundSTE.apply(s.x).tolist() == [0.0, 2.0, -1.0, 2.0]  # 2.5 rounds half to even


def test_only_the_estimator_lets_w_learn(run_snippet):
    s = run_snippet("autograd/exercise_straight_through")
    assert s.finals == {"torch.round": (0.4, 0.0), "RoundSTE": (2.6, 3.0)}
    assert "RoundSTE: w after 20 steps = 2.6, round(w) = 3.0" in s.stdout
