"""snippets/autograd/exercise_hvp.py (an exercise's solution), run in-process."""


def test_hessian_vector_product_matches_the_full_hessian(run_snippet):
    s = run_snippet("autograd/exercise_hvp")
    assert "gradient: [20.0, 40.0]" in s.stdout
    assert "H v via autograd.grad: [28.0, 16.0]" in s.stdout
    assert "full Hessian: [[28.0, 16.0], [16.0, 52.0]]" in s.stdout
    assert "Hessian @ v: [28.0, 16.0]" in s.stdout
    assert s.hv.tolist() == (s.hessian @ s.v).tolist()


def test_autograd_grad_leaves_dot_grad_alone(run_snippet):
    s = run_snippet("autograd/exercise_hvp")
    assert s.x.grad is None
    assert "x.grad after all this: None" in s.stdout
