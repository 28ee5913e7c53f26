"""snippets/visualization/exercise_best_run.py (an exercise's solution): the best run, from the logs alone."""

import pytest


def test_every_run_is_read_back_with_its_hyperparameters(run_snippet):
    s = run_snippet("visualization/exercise_best_run")
    assert len(s.table) == 6
    assert sorted(name for _, name, _ in s.table) == sorted(
        f"lr{lr}_m{m}" for lr in (0.01, 0.1, 0.3) for m in (0.0, 0.9)
    )
    for loss, name, hparams in s.table:
        assert name == f"lr{hparams['lr']}_m{hparams['momentum']}"  # numbers come back as floats
        assert loss == pytest.approx(s.train(hparams["lr"], hparams["momentum"]), rel=1e-6)
    assert "runs found: 6" in s.stdout.splitlines()


def test_the_best_run_and_the_momentum_that_overshoots(run_snippet):
    s = run_snippet("visualization/exercise_best_run")
    assert s.best_name == "lr0.3_m0.0"
    assert s.best == {"lr": 0.3, "momentum": 0.0}
    assert s.best_loss == pytest.approx(0.0005, abs=1e-4)
    lines = s.stdout.splitlines()
    assert "best: lr0.3_m0.0 {'lr': 0.3, 'momentum': 0.0}" in lines
    assert "lr0.3_m0.9   lr=0.3  momentum=0.9: loss 0.7104" in lines  # momentum 0.9 at lr 0.3: overshoots
    assert "lr0.01_m0.0  lr=0.01 momentum=0.0: loss 3.4886" in lines  # too slow to get anywhere in 20 steps
