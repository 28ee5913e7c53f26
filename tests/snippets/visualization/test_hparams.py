"""snippets/visualization/hparams.py: one run folder per add_hparams call, hparams and metric read back."""

import pytest


def test_each_call_is_a_named_run(run_snippet):
    s = run_snippet("visualization/hparams")
    assert len(s.grid) == 6
    assert sorted(s.content) == [
        "_hparams_/experiment",
        "_hparams_/session_end_info",
        "_hparams_/session_start_info",
    ]
    assert {k: v.number_value for k, v in s.start.hparams.items()} == {"lr": 0.1, "steps": 40.0}


def test_metric_values(run_snippet):
    s = run_snippet("visualization/hparams")
    assert s.run.Scalars("hparam/loss")[0].value == pytest.approx(0.012, abs=1e-3)
    assert "lr=0.01 steps=10: loss 4.3883\n" in s.stdout
    assert "lr=0.5  steps=40: loss 0.0000\n" in s.stdout
    assert s.train(0.1, 40) == pytest.approx(s.run.Scalars("hparam/loss")[0].value, rel=1e-6)
