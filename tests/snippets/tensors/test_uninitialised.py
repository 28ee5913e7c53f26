"""snippets/tensors/uninitialised.py: deterministic mode fills fresh memory."""

import math

import pytest
import torch


def test_deterministic_mode_fills_uninitialised_memory(run_snippet):
    s = run_snippet("tensors/uninitialised")
    assert torch.utils.deterministic.fill_uninitialized_memory is True  # on by default
    assert "fill_uninitialized_memory: True" in s.stdout
    assert s.filled_with_nan.shape == (2, 3)
    assert all(math.isnan(v) for v in s.filled_with_nan.flatten().tolist())
    assert "torch.empty(2, 3) in deterministic mode:\n" in s.stdout
    assert "[nan, nan, nan]" in s.stdout
    int64_max = 9223372036854775807
    assert s.filled_ints.tolist() == [int64_max] * 3 == [torch.iinfo(torch.int64).max] * 3
    assert f"torch.empty(3, dtype=torch.int64): [{int64_max}, {int64_max}, {int64_max}]" in s.stdout
    assert math.isnan(s.nan_sum.item())  # NaN spread through the sum, and nothing raised
    assert f"int64 max: {int64_max} | sum of the NaN tensor: nan" in s.stdout
    # the snippet switches the global mode back off
    assert not torch.are_deterministic_algorithms_enabled()


def test_error_mode_refuses_nondeterministic_ops(run_snippet):
    s = run_snippet("tensors/uninitialised")
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
