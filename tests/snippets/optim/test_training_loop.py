import pytest
import torch


def test_first_loss_and_loss_goes_down(run_snippet):
    s = run_snippet("optim/training_loop")
    assert s.batch_losses[0] == pytest.approx(8.2403, abs=1e-4)
    assert "first batch loss 8.2403" in s.stdout
    assert "epoch  0  train loss 8.9267" in s.stdout
    assert len(s.history) == 15 and len(s.batch_losses) == 15 * 4
    assert all(b < a for a, b in zip(s.history[:5], s.history[1:6], strict=True))  # falls every early epoch
    assert s.history[-1] < 0.02  # the noise has variance 0.01, so about 0.01 is the floor
    assert s.test_loss < 0.03


def test_recovers_the_true_parameters(run_snippet):
    s = run_snippet("optim/training_loop")
    assert torch.allclose(s.model.weight.detach().cpu(), s.true_w.unsqueeze(0), atol=0.05)
    assert s.model.bias.item() == pytest.approx(1.0, abs=0.05)
    assert "learned weight [2.99, -1.99] bias 1.03 | true weight [3.0, -2.0] bias 1.0" in s.stdout


def test_ends_in_eval_mode_with_no_graph(run_snippet):
    s = run_snippet("optim/training_loop")
    assert not s.model.training
    assert "test loss 0.0160" in s.stdout
