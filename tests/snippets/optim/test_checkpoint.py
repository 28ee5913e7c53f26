import copy

import pytest
import torch


def saved(s):
    """A copy of what the snippet saved. Not s.loaded: its resume() trained on it, and Adam's load_state_dict
    keeps the loaded moment tensors and updates them in place."""
    return copy.deepcopy(s.checkpoint)


def test_resume_is_bit_identical(run_snippet):
    s = run_snippet("optim/checkpoint")
    assert s.resume(saved(s)) is True
    assert "4 straight == 2 + save/load + 2, bit for bit: True" in s.stdout


def test_checkpoint_contents(run_snippet, tmp_path):
    s = run_snippet("optim/checkpoint")
    keys = ["step", "model", "optimizer", "scheduler", "torch_rng", "cuda_rngs", "numpy_rng"]
    assert f"checkpoint keys: {keys}" in s.stdout
    torch.save(s.checkpoint, tmp_path / "again.pt")
    saved = torch.load(tmp_path / "again.pt")  # weights_only=True, the default: it loads as plain data
    assert list(saved) == list(s.loaded) == keys and saved["step"] == 2
    assert list(saved["model"]) == ["0.weight", "0.bias", "3.weight", "3.bias"]
    assert saved["optimizer"]["state"][0]["step"].item() == 2  # Adam had taken 2 steps
    assert saved["scheduler"]["last_epoch"] == 2 and saved["scheduler"]["_last_lr"] == [0.01]
    assert saved["torch_rng"].dtype == torch.uint8
    assert len(saved["cuda_rngs"]) == torch.cuda.device_count()  # one state per visible GPU
    assert saved["numpy_rng"]["bit_generator"] == "PCG64"


def test_the_scheduler_drops_the_rate_after_step_3(run_snippet):
    s = run_snippet("optim/checkpoint")
    assert s.run_a[2].last_epoch == 4
    assert s.run_a[1].param_groups[0]["lr"] == pytest.approx(0.001)
    assert s.optimizer.param_groups[0]["lr"] == 0.01  # run B, saved before the drop


def test_fresh_model_differs_before_loading(run_snippet):
    s = run_snippet("optim/checkpoint")
    fresh, _, _ = s.make(seed=123)
    assert not torch.equal(fresh[0].weight, s.run_a[0][0].weight)


def test_every_part_is_needed(run_snippet):
    s = run_snippet("optim/checkpoint")
    # what each part is when it is not restored: what a run built from seed 123 starts with
    _, optimizer, scheduler = s.make(seed=123)
    fresh = {
        "optimizer": optimizer.state_dict(),  # the page: a fresh Adam has no moments and restarts them
        "scheduler": scheduler.state_dict(),
        "torch_rng": torch.get_rng_state(),
        "cuda_rngs": torch.cuda.get_rng_state_all(),
        "numpy_rng": s.np_rng.bit_generator.state,
    }
    same = {}
    for key, value in fresh.items():
        checkpoint = saved(s)
        checkpoint[key] = value
        same[key] = s.resume(checkpoint)
    # without a GPU nothing draws from a CUDA generator; with one, Dropout does
    expect_cuda = not torch.cuda.is_available()
    assert same == {
        "optimizer": False,
        "scheduler": False,
        "torch_rng": False,
        "cuda_rngs": expect_cuda,
        "numpy_rng": False,
    }
    assert s.resume(saved(s)) is True  # the checkpoint itself was not changed by those runs
