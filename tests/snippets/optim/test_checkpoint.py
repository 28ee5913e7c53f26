import io

import pytest
import torch


def test_resume_is_bit_identical(run_snippet):
    s = run_snippet("optim/checkpoint")
    assert s.resumed
    for a, c in zip(s.model_a.parameters(), s.model_c.parameters(), strict=True):
        assert torch.equal(a, c)
    assert "4 straight == 2 + save/load + 2, bit for bit: True" in s.stdout


def test_checkpoint_contents(run_snippet):
    s = run_snippet("optim/checkpoint")
    assert "checkpoint keys: ['step', 'model', 'optimizer', 'rng']" in s.stdout
    assert s.checkpoint["step"] == 2
    assert list(s.checkpoint["model"]) == ["0.weight", "0.bias", "2.weight", "2.bias"]
    assert sorted(s.checkpoint["optimizer"]) == ["param_groups", "state"]
    s.buffer.seek(0)
    saved = torch.load(s.buffer, weights_only=True)
    assert saved["optimizer"]["state"][0]["step"].item() == 2  # Adam had taken 2 steps
    # load_state_dict keeps, not copies, state tensors already on the right device and dtype: the two
    # steps opt_c took afterwards advanced the in-memory checkpoint's counter too
    assert (
        s.checkpoint["optimizer"]["state"][0]["step"]
        is s.opt_c.state[s.opt_c.param_groups[0]["params"][0]]["step"]
    )
    assert s.checkpoint["rng"].dtype == torch.uint8


def test_fresh_model_differs_before_loading(run_snippet):
    s = run_snippet("optim/checkpoint")
    fresh, _ = s.make(seed=123)
    assert not torch.equal(fresh[0].weight, s.model_a[0].weight)


def test_optimizer_state_is_needed(run_snippet):
    s = run_snippet("optim/checkpoint")
    assert not torch.equal(s.model_a[0].weight, s.model_d[0].weight)
    assert "same without the optimizer state: False" in s.stdout


def test_checkpoint_loads_with_weights_only(run_snippet):
    s = run_snippet("optim/checkpoint")
    buffer = io.BytesIO()
    torch.save(s.checkpoint, buffer)
    buffer.seek(0)
    assert torch.load(buffer, weights_only=True)["step"] == 2


def test_rng_state_matters(run_snippet):
    s = run_snippet("optim/checkpoint")
    model, optimizer = s.make(seed=123)
    model.load_state_dict(s.checkpoint["model"])
    optimizer.load_state_dict(s.checkpoint["optimizer"])
    torch.manual_seed(999)  # other batches than the straight run drew
    s.train(model, optimizer, 2)
    assert not torch.equal(model[0].weight, s.model_a[0].weight)
    with pytest.raises(KeyError):
        s.checkpoint["epoch"]
