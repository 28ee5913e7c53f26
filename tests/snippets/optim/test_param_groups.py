import pytest
import torch


def test_groups_and_defaults(run_snippet):
    s = run_snippet("optim/param_groups")
    assert "group 0: lr=0.01 momentum=0.9 params=[(8, 4), (8,)]" in s.stdout
    assert "group 1: lr=0.1 momentum=0.9 params=[(1, 8), (1,)]" in s.stdout


def test_each_group_moves_by_its_own_lr(run_snippet):
    s = run_snippet("optim/param_groups")
    # the first momentum step is buf = grad, so each parameter moved by exactly lr * grad
    lrs = [0.01, 0.01, 0.1, 0.1]
    for (old, p), lr in zip(zip(s.before, s.model.parameters(), strict=True), lrs, strict=True):
        assert torch.allclose(old - p.detach(), lr * p.grad, atol=1e-7)
    assert "0.weight  moved by 0.0100 * grad" in s.stdout
    assert "2.bias    moved by 0.1000 * grad" in s.stdout


def test_changed_and_added_groups(run_snippet):
    s = run_snippet("optim/param_groups")
    assert [g["lr"] for g in s.optimizer.param_groups] == pytest.approx([0.005, 0.05, 0.001])
    assert s.optimizer.param_groups[2]["momentum"] == 0.9  # defaults fill the new group too
    assert "halved: [0.005, 0.05]" in s.stdout
    assert "groups now: 3 | new one: lr=0.001 momentum=0.9" in s.stdout


def test_parameter_in_two_groups_is_refused(run_snippet):
    s = run_snippet("optim/param_groups")
    assert "ValueError: some parameters appear in more than one parameter group" in s.stdout
    with pytest.raises(ValueError, match="some parameters appear in more than one parameter group"):
        layer = torch.nn.Linear(1, 1)
        torch.optim.SGD([{"params": [layer.weight]}, {"params": [layer.weight]}], lr=0.1)
