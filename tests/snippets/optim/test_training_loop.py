import base64
import io

import pytest
import torch
from PIL import Image


def test_first_loss_and_loss_goes_down(run_snippet):
    s = run_snippet("optim/training_loop")
    assert s.batch_losses[0] == pytest.approx(8.2403, abs=1e-4)
    assert "first batch loss 8.2403" in s.stdout
    assert "epoch  0  train loss 8.9267" in s.stdout
    assert len(s.history) == 15 and len(s.batch_losses) == 15 * 4
    assert all(b < a for a, b in zip(s.history[:5], s.history[1:6], strict=True))  # falls every early epoch
    assert s.history[-1] < 0.02
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


def test_noise_variance_is_an_expectation_not_a_floor(run_snippet):
    s = run_snippet("optim/training_loop")
    # the noise's variance is 0.01, yet on this sample the true parameters score higher ...
    assert s.truth_mse == pytest.approx(0.013150, abs=1e-6)
    # ... and the best line through these 128 points scores lower than the truth
    assert s.best_mse == pytest.approx(0.012127, abs=1e-6) and s.best_mse < s.truth_mse
    assert "train MSE of the true parameters 0.0131 | of the least-squares fit 0.0121" in s.stdout
    assert s.history[-1] >= s.best_mse  # training loss 0.0122: at the least-squares floor, not below it
    assert "epoch 14  train loss 0.0122" in s.stdout


def test_the_figure_is_this_runs_loss_curve(run_snippet, build_record, tmp_path):
    """loss_curve.png plots the values the run computed: every batch's loss, each epoch's mean, the floor."""
    s = run_snippet("optim/training_loop")
    per_batch, per_epoch, floor = s.ax.lines
    assert list(per_batch.get_xdata()) == list(range(1, 61)) and list(per_batch.get_ydata()) == s.batch_losses
    assert list(per_epoch.get_xdata()) == list(range(4, 61, 4)) and list(per_epoch.get_ydata()) == s.history
    assert list(floor.get_ydata()) == [s.best_mse, s.best_mse]
    assert [t.get_text() for t in s.ax.get_legend().get_texts()] == [
        "train loss per batch",
        "train loss per epoch",
        "least-squares fit",
    ]
    png = base64.b64decode(build_record("optim/training_loop").figures["loss_curve.png"])
    assert Image.open(io.BytesIO(png)).size == (640, 360)
    s.fig.savefig(tmp_path / "again.png", dpi=100, metadata={"Software": None})
    assert (tmp_path / "again.png").read_bytes() == png  # same data, same bytes


def test_what_the_page_says_about_the_curve(run_snippet):
    s = run_snippet("optim/training_loop")
    assert [round(v, 4) for v in s.history[:3]] == [8.9267, 2.2215, 0.5902]
    assert all(
        0.2 < b / a < 0.3 for a, b in zip(s.history[:2], s.history[1:3], strict=True)
    )  # about a quarter
    later = s.batch_losses[32:]  # from epoch 8 on
    assert min(later) < s.best_mse < max(later)  # single batches wobble around the floor, some below it
