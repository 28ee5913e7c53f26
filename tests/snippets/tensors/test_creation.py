import torch


def test_tensor_copies_data_and_infers_dtype(run_snippet):
    s = run_snippet("tensors/creation")
    assert s.from_data.dtype == torch.int64
    # the list was changed after the call; the tensor kept its own copy
    assert s.data[0][0] == 100
    assert s.from_data.tolist() == [[1, 2], [3, 4]]
    assert "torch.tensor: torch.int64 (2, 2) [[1, 2], [3, 4]]" in s.stdout


def test_class_call_is_uninitialised_float32_like_empty(run_snippet):
    s = run_snippet("tensors/creation")
    assert type(s.legacy) is torch.Tensor
    assert s.legacy.dtype == torch.float32 == s.uninitialised.dtype
    assert s.legacy.shape == (5, 3) == s.uninitialised.shape
    assert "torch.Tensor(5, 3): Tensor torch.float32 (5, 3)" in s.stdout


def test_notes_line_allocates_then_uniform_fills_in_place(run_snippet):
    s = run_snippet("tensors/creation")
    assert s.notes_line is s.reserved  # uniform_ returned the tensor it filled
    assert s.notes_line.shape == (5, 3) and s.notes_line.dtype == torch.float32
    assert s.notes_line.min() >= -1 and s.notes_line.max() < 1
    assert "uniform_ returned the same tensor: True | all values in [-1, 1): True" in s.stdout


def test_initialised_alternatives(run_snippet):
    s = run_snippet("tensors/creation")
    assert torch.equal(s.zeros, torch.zeros(2, 3))
    assert s.ones.dtype == torch.int64 and s.ones.tolist() == [[1, 1, 1]] * 2
    assert s.sevens.dtype == torch.float32 and s.sevens.tolist() == [[7.0] * 3] * 2
    assert s.uniform.min() >= 0 and s.uniform.max() < 1
    assert s.between.min() >= -1 and s.between.max() < 1
    assert s.filled.tolist() == [[0.5] * 3] * 2


def test_seeded_random_values_repeat(run_snippet):
    first = run_snippet("tensors/creation")
    second = run_snippet("tensors/creation", fresh=True)  # a second, independent run of the file
    assert second is not first and second.uniform is not first.uniform
    assert torch.equal(first.uniform, second.uniform)
    assert torch.equal(first.between, second.between)
    assert first.stdout == second.stdout
