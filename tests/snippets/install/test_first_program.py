"""snippets/install/first_program.py, run in-process: the seeded matrix, its column means, the product."""

import torch

PRINTED = """\
x:
tensor([[0.4963, 0.7682, 0.0885, 0.1320],
        [0.3074, 0.6341, 0.4901, 0.8964],
        [0.4556, 0.6323, 0.3489, 0.4017]])
shape of x: (3, 4)
mean per column: tensor([0.4198, 0.6782, 0.3092, 0.4767])
shape of mean per column: (4,)
x @ w:
tensor([[0.5847, 0.9003],
        [0.7975, 1.5305],
        [0.8045, 1.0340]])
shape of x @ w: (3, 2)
"""


def test_prints_what_the_page_shows(run_snippet):
    s = run_snippet("install/first_program")
    assert s.stdout == PRINTED


def test_the_seed_fixes_the_matrix(run_snippet):
    s = run_snippet("install/first_program")
    torch.manual_seed(0)
    assert torch.equal(s.x, torch.rand(3, 4))
    assert ((s.x >= 0) & (s.x < 1)).all()


def test_mean_over_dim_0_is_one_mean_per_column(run_snippet):
    s = run_snippet("install/first_program")
    assert s.col_mean.shape == (4,)
    assert torch.allclose(s.col_mean, s.x.sum(dim=0) / 3)
    assert torch.allclose(s.col_mean[0], (s.x[0, 0] + s.x[1, 0] + s.x[2, 0]) / 3)


def test_each_column_of_w_adds_two_columns_of_x(run_snippet):
    s = run_snippet("install/first_program")
    assert s.y.shape == (3, 2)
    assert torch.allclose(s.y[:, 0], s.x[:, 0] + s.x[:, 2])
    assert torch.allclose(s.y[:, 1], s.x[:, 1] + s.x[:, 3])
