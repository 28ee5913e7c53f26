import torch


def test_tensor_copies_data_and_infers_dtype(run_snippet):
    s = run_snippet("tensors/creation")
    assert s.from_data.dtype == torch.int64
    assert s.from_data.tolist() == [[1, 2], [3, 4]]


def test_legacy_constructor_is_uninitialised_float(run_snippet):
    s = run_snippet("tensors/creation")
    assert s.legacy.dtype == torch.float32 and s.legacy.shape == (5, 3)
    assert s.uninitialised.shape == (5, 3)


def test_initialised_alternatives(run_snippet):
    s = run_snippet("tensors/creation")
    assert torch.equal(s.zeros, torch.zeros(2, 3))
    assert s.uniform.min() >= -1 and s.uniform.max() < 1
    assert "torch.int64 torch.Size([2, 2])" in s.stdout
