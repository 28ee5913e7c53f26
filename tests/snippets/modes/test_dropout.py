import pytest
import torch
from torch import nn


def test_p_is_the_probability_of_zeroing(run_snippet):
    s = run_snippet("modes/dropout")
    assert s.y.tolist() == [0.0] * 6 + [5.0] + [0.0] * 3
    assert "zeroed: 9 of 10 | survivors scaled to 1 / (1 - 0.8): [5.0]" in s.stdout
    assert set(s.big.unique().tolist()) == {0.0, 5.0}  # nothing else: zero or scaled by 1/(1-p)
    assert "zeroed fraction: 0.7998 | mean: 1.0011" in s.stdout
    zeroed = (s.big == 0).float().mean().item()
    assert zeroed == pytest.approx(0.8, abs=0.01)  # p=0.8 drops 80%, it does not keep 80%


def test_eval_makes_dropout_the_identity(run_snippet):
    s = run_snippet("modes/dropout")
    assert "eval() returns the module itself: True | training: False" in s.stdout
    assert "eval mode:  [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]" in s.stdout
    assert s.drop.training is False
    assert torch.equal(s.drop(torch.ones(5)), torch.ones(5))


def test_train_and_eval_reach_every_submodule(run_snippet):
    s = run_snippet("modes/dropout")
    assert "after model.train(False): [False, False, False, False]" in s.stdout
    assert "after model.train():      [True, True, True, True]" in s.stdout
    assert all(m.training for m in s.model.modules())  # the file left it in train mode


def test_functional_dropout_ignores_eval(run_snippet):
    s = run_snippet("modes/dropout")
    assert "Sloppy().eval():  [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 5.0, 0.0, 0.0, 0.0]" in s.stdout
    assert "Careful().eval(): [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]" in s.stdout
    sloppy, careful = s.Sloppy().eval(), s.Careful().eval()
    assert not torch.equal(sloppy(torch.ones(100)), torch.ones(100))
    assert torch.equal(careful(torch.ones(100)), torch.ones(100))
    assert not hasattr(nn.Module, "no_grad")  # the old notes' model.no_grad() does not exist
