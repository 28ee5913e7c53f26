import math

import pytest
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


def test_deterministic_mode_fills_uninitialised_memory(run_snippet):
    s = run_snippet("tensors/creation")
    assert torch.utils.deterministic.fill_uninitialized_memory is True  # on by default
    assert "fill_uninitialized_memory: True" in s.stdout
    assert s.filled_with_nan.shape == (2, 3)
    assert all(math.isnan(v) for v in s.filled_with_nan.flatten().tolist())
    assert "[nan, nan, nan]" in s.stdout
    int64_max = 9223372036854775807
    assert s.filled_ints.tolist() == [int64_max] * 3 == [torch.iinfo(torch.int64).max] * 3
    assert f"torch.empty(3, dtype=torch.int64): [{int64_max}, {int64_max}, {int64_max}]" in s.stdout
    assert math.isnan(s.nan_sum.item())  # NaN spread through the sum, and nothing raised
    assert f"int64 max: {int64_max} | sum of the NaN tensor: nan" in s.stdout
    # the snippet switches the global mode back off
    assert not torch.are_deterministic_algorithms_enabled()


def test_error_mode_refuses_nondeterministic_ops(run_snippet):
    s = run_snippet("tensors/creation")
    message = (
        "put_ does not have a deterministic implementation, "
        "but you set 'torch.use_deterministic_algorithms(True)'"
    )
    assert f"RuntimeError: {message}\n" in s.stdout
    # on CPU tensors accumulate=True is allowed: both values land in place 0 and add up
    assert s.summed.tolist() == [3.0, 0.0, 0.0, 0.0]
    assert "put_ with accumulate=True, index [0, 0]: [3.0, 0.0, 0.0, 0.0]" in s.stdout
    torch.set_deterministic_debug_mode("error")
    try:
        for index in ([0, 1], [0, 0]):  # distinct or repeated, the index does not matter
            with pytest.raises(RuntimeError, match=r"put_ does not have a deterministic implementation"):
                torch.zeros(4).put_(torch.tensor(index), torch.tensor([1.0, 2.0]))
    finally:
        torch.set_deterministic_debug_mode("default")
    torch.zeros(4).put_(torch.tensor([0, 0]), torch.tensor([1.0, 2.0]))  # allowed in the default mode


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
