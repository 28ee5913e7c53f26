"""snippets/install/exercise_matmul_by_hand.py (an exercise's solution), run in-process."""

import torch


def test_mean_over_dim_1_is_one_mean_per_row(run_snippet):
    s = run_snippet("install/exercise_matmul_by_hand")
    assert s.row_mean.shape == (3,)
    assert torch.allclose(s.row_mean, s.x.sum(dim=1) / 4)
    assert "mean per row: tensor([0.3712, 0.5820, 0.4596])" in s.stdout.splitlines()
    assert "shape of mean per row: (3,)" in s.stdout.splitlines()


def test_the_loops_compute_the_matrix_product(run_snippet):
    s = run_snippet("install/exercise_matmul_by_hand")
    assert torch.allclose(s.by_hand, s.x @ s.w)
    entry = sum(s.x[1, k].item() * s.w[k, 0].item() for k in range(4))  # row 1 times column 0, in doubles
    assert abs(s.by_hand[1, 0].item() - entry) < 1e-6
    shown = "tensor([[0.3198, 0.5902],\n        [0.6795, 1.0258],\n        [0.5041, 0.7973]])"
    assert f"by hand:\n{shown}\nx @ w:\n{shown}\n" in s.stdout
    assert s.stdout.splitlines()[-1] == "same as x @ w: True"
