"""snippets/optim/exercise_no_decay_groups.py (an exercise's solution), run in-process."""

import pytest


def test_groups_split_matrices_from_vectors(run_snippet):
    s = run_snippet("optim/exercise_no_decay_groups")
    assert [g["weight_decay"] for g in s.optimizer.param_groups] == [0.5, 0.0]
    assert "decay: 2 tensors, 48 numbers" in s.stdout  # 8x4 + 2x8
    assert "no decay: 4 tensors, 26 numbers" in s.stdout  # 8 + 8 + 8 + 2


def test_adamw_decay_is_a_plain_shrink_and_adam_l2_is_not(run_snippet):
    s = run_snippet("optim/exercise_no_decay_groups")
    assert s.factor == pytest.approx(0.95**3)
    assert s.shrunk and s.untouched
    assert "decayed weights = before * (1 - lr*wd)**3 = before * 0.857375: True" in s.stdout
    assert "no-decay parameters unchanged bit for bit: True" in s.stdout
    assert "Adam(weight_decay): every weight moved by lr: True" in s.stdout
