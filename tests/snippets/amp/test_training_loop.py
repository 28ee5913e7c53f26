"""snippets/amp/training_loop.py: the full fp16 loop learns, clips true gradients, and resumes exactly."""

import re

import torch


def test_dtypes_of_the_mixed_precision_step(run_snippet):
    s = run_snippet("amp/training_loop")
    assert "dtypes: logits torch.float16, loss torch.float32, grad torch.float32" in s.stdout
    assert all(p.dtype == torch.float32 for p in s.model.parameters())  # fp32 master weights


def test_loss_falls_and_clipping_saw_unscaled_gradients(run_snippet):
    s = run_snippet("amp/training_loop")
    steps = re.findall(r"step +(\d+): loss ([\d.]+)  true grad norm ([\d.]+)  scale (\d+)", s.stdout)
    assert [int(step) for step, *_ in steps] == [1, 10, 20, 30, 40]
    losses = [float(loss) for _, loss, _, _ in steps]
    assert losses[-1] < losses[0] / 4
    scaled_norm = float(re.search(r"grad norm of the scaled gradients: ([\d.]+)", s.stdout)[1])
    first_norm, first_scale = float(steps[0][2]), float(steps[0][3])
    # Before unscale_ the gradients are scale times too large; clip_grad_norm_ saw the true ones.
    assert abs(scaled_norm / (first_norm * first_scale) - 1) < 1e-2
    assert first_norm < 1.0 < scaled_norm


def test_scaler_state_is_saved_and_restored(run_snippet):
    s = run_snippet("amp/training_loop")
    assert s.scaler2.state_dict() == s.scaler.state_dict()
    assert set(s.checkpoint) == {"model", "optimizer", "scaler"}
    assert s.checkpoint["scaler"]["_growth_tracker"] == 40  # 40 clean steps since the last change
    original = re.search(r"next step, original: (.*)", s.stdout)[1]
    assert re.search(r"next step, resumed:  (.*)", s.stdout)[1] == original
    for a, b in zip(s.model.parameters(), s.model2.parameters(), strict=True):
        assert torch.equal(a, b)
