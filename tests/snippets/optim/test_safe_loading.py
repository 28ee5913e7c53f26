import io
import pickle

import pytest
import torch
from torch import nn


def test_plain_checkpoint_loads_by_default(run_snippet):
    s = run_snippet("optim/safe_loading")
    assert s.loaded["epoch"] == 3 and s.loaded["note"] == "ok" and s.loaded["sizes"] == (2, 1)
    assert s.loaded["best"] is None
    assert torch.equal(s.loaded["model"]["weight"], s.model.weight)
    types = "{'epoch': 'int', 'model': 'OrderedDict', 'note': 'str', 'sizes': 'tuple', 'best': 'NoneType'}"
    line = f"loaded: {types}"
    assert line in s.stdout


def test_whole_model_is_refused_by_default(run_snippet):
    s = run_snippet("optim/safe_loading")
    assert "UnpicklingError: Weights only load failed. This file can still be loaded." in s.stdout
    assert (
        "(1) In PyTorch 2.6, we changed the default value of the `weights_only` argument in `torch.load` "
        "from `False` to `True`."
    ) in s.stdout
    assert (
        "WeightsUnpickler error: Unsupported global: GLOBAL torch.nn.modules.linear.Linear "
        "was not an allowed global by default.\n"
    ) in s.stdout
    buffer = io.BytesIO()
    torch.save(nn.Linear(2, 1), buffer)
    buffer.seek(0)
    with pytest.raises(pickle.UnpicklingError, match="Weights only load failed"):
        torch.load(buffer)


def test_allow_list_and_trusted_load(run_snippet):
    s = run_snippet("optim/safe_loading")
    assert isinstance(s.allowed, nn.Linear) and isinstance(s.trusted, nn.Linear)
    assert torch.equal(s.allowed.weight, s.model.weight)
    assert "with safe_globals([nn.Linear]): Linear (1, 2)" in s.stdout
    assert "weights_only=False: Linear True" in s.stdout
