"""snippets/optim/exercise_unfreeze.py (an exercise's solution), run in-process."""

import torch


def test_phase_1_trains_the_head_only(run_snippet):
    s = run_snippet("optim/exercise_unfreeze")
    assert "phase 1, backbone unchanged: True" in s.stdout
    assert len(s.losses) == 4 and all(b < a for a, b in zip(s.losses, s.losses[1:], strict=False))
    assert "loss per step: 0.6562 0.6512 0.6470 0.6433" in s.stdout


def test_phase_2_adds_the_backbone_with_its_own_lr(run_snippet):
    s = run_snippet("optim/exercise_unfreeze")
    assert [g["lr"] for g in s.optimizer.param_groups] == [0.1, 0.01]
    assert [len(g["params"]) for g in s.optimizer.param_groups] == [2, 2]
    assert "lr of each group: [0.1, 0.01]" in s.stdout
    assert "phase 2, 0.weight moved by 0.0100 * grad" in s.stdout
    assert "phase 2, 0.bias   moved by 0.0100 * grad" in s.stdout
    assert "phase 2, 2.weight moved by 0.1000 * grad" in s.stdout
    assert "phase 2, 2.bias   moved by 0.1000 * grad" in s.stdout


def test_unfreezing_without_add_param_group_moves_nothing(run_snippet):
    s = run_snippet("optim/exercise_unfreeze")
    assert s.backbone.weight.requires_grad and s.backbone.weight.grad is not None
    assert torch.equal(s.backbone.weight, s.before)
    assert sum(len(g["params"]) for g in s.forgot.param_groups) == 2
    assert "unfrozen, not in the optimizer, has a grad: True" in s.stdout
    assert "unfrozen, not in the optimizer, moved: False" in s.stdout
