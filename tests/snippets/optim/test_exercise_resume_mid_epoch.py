"""snippets/optim/exercise_resume_mid_epoch.py (an exercise's solution), run in-process."""

import io

import torch


def test_the_straight_run(run_snippet):
    s = run_snippet("optim/exercise_resume_mid_epoch")
    assert len(s.straight) == 12 and s.straight[-1] < s.straight[0]
    losses = "2.7409 2.1126 2.0301 2.5535 1.7365 1.3500 2.0910 1.7875 1.2863 1.0196 1.5051 1.1775"
    assert f"loss per step: {losses}" in s.stdout


def test_the_checkpoint_holds_the_epochs_order_and_loads_as_plain_data(run_snippet):
    s = run_snippet("optim/exercise_resume_mid_epoch")
    saved = torch.load(io.BytesIO(s.buffer.getvalue()), weights_only=True)
    assert list(saved) == ["model", "optimizer", "step", "progress", "torch_rng"]
    assert saved["step"] == 6 and saved["progress"]["batch"] == 2  # epoch 1, its third mini-batch next
    assert sorted(saved["progress"]["order"].tolist()) == list(range(64))  # a permutation of the samples
    assert s.first == s.straight[:6]


def test_resuming_with_the_saved_order_is_bit_identical(run_snippet):
    s = run_snippet("optim/exercise_resume_mid_epoch")
    assert s.resume(keep_order=True) == s.straight
    assert "resumed with the saved order, same losses bit for bit: True" in s.stdout


def test_a_new_shuffle_breaks_the_epoch(run_snippet):
    s = run_snippet("optim/exercise_resume_mid_epoch")
    resumed = s.resume(keep_order=False)
    assert resumed[:6] == s.straight[:6] and resumed[6] != s.straight[6]
    assert "resumed with a new shuffle, same losses: False" in s.stdout
    # the reshuffled rest of epoch 1 sees some samples twice and never sees others
    saved = torch.load(io.BytesIO(s.buffer.getvalue()), weights_only=True)
    torch.set_rng_state(saved["torch_rng"])
    new_order = torch.randperm(64)
    seen = set(saved["progress"]["order"][:32].tolist()) | set(new_order[32:].tolist())
    assert len(seen) < 64
