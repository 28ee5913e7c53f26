import pytest
import torch


def test_class_and_function(run_snippet):
    s = run_snippet("tensors/tensor_vs_class")
    assert "torch.Tensor is a class: True" in s.stdout
    assert "torch.tensor is a builtin_function_or_method" in s.stdout


def test_class_call_is_uninitialized_float32_like_empty(run_snippet):
    s = run_snippet("tensors/tensor_vs_class")
    uninitialized = torch.empty(5, 3)  # what the prose compares it with (taught in tensors-memory.md)
    assert type(s.legacy) is torch.Tensor
    assert s.legacy.dtype == torch.float32 == uninitialized.dtype
    assert s.legacy.shape == (5, 3) == uninitialized.shape
    assert "torch.Tensor(5, 3): Tensor torch.float32 (5, 3)" in s.stdout.splitlines()


def test_notes_line_allocates_then_uniform_fills_in_place(run_snippet):
    s = run_snippet("tensors/tensor_vs_class")
    assert s.notes_line is s.reserved  # uniform_ returned the tensor it filled
    assert s.notes_line.shape == (5, 3) and s.notes_line.dtype == torch.float32
    assert s.notes_line.min() >= -1 and s.notes_line.max() < 1
    assert "uniform_ returned the same tensor: True | all values in [-1, 1): True" in s.stdout.splitlines()


def test_no_arguments_gives_shape_zero(run_snippet):
    s = run_snippet("tensors/tensor_vs_class")
    assert s.empty.shape == (0,) and s.empty.dtype == torch.float32 and s.empty.numel() == 0
    assert "torch.Tensor(): (0,) torch.float32 | elements: 0" in s.stdout


def test_class_makes_float_function_infers(run_snippet):
    s = run_snippet("tensors/tensor_vs_class")
    assert s.from_class.dtype == torch.float32 and s.from_class.tolist() == [1.0, 2.0]
    assert s.from_function.dtype == torch.int64 and s.from_function.tolist() == [1, 2]
    assert "torch.Tensor([1, 2]): torch.float32 [1.0, 2.0]" in s.stdout
    assert "torch.tensor([1, 2]): torch.int64 [1, 2]" in s.stdout


def test_one_integer_is_a_size_for_the_class_and_a_value_for_the_function(run_snippet):
    s = run_snippet("tensors/tensor_vs_class")
    assert s.sized.shape == (2,) and s.sized.dtype == torch.float32
    assert s.scalar.shape == () and s.scalar.dim() == 0 and s.scalar.item() == 2
    assert s.scalar.dtype == torch.int64
    assert "torch.Tensor(2): shape (2,) | values: whatever was in memory" in s.stdout
    assert "torch.tensor(2): shape () | value 2 torch.int64" in s.stdout


SIGNATURES = """ * (torch.Storage storage)
 * (Tensor other)
 * (tuple of ints size, *, torch.device device = None)
 * (object data, *, torch.device device = None)
"""


def test_legacy_constructor_rejects_dtype_and_requires_grad(run_snippet):
    s = run_snippet("tensors/tensor_vs_class")
    for got, keyword in [("list, dtype=torch.dtype", "dtype"), ("list, requires_grad=bool", "requires_grad")]:
        message = (
            "TypeError: new() received an invalid combination of arguments - "
            f"got ({got}), but expected one of:\n"
            " * (*, torch.device device = None)\n"
            f"      didn't match because some of the keywords were incorrect: {keyword}\n" + SIGNATURES
        )
        assert message in s.stdout
    with pytest.raises(TypeError, match=r"keywords were incorrect: dtype"):
        torch.Tensor([1, 2], dtype=torch.float64)
    with pytest.raises(TypeError, match=r"keywords were incorrect: requires_grad"):
        torch.Tensor([1, 2], requires_grad=True)
    assert torch.Tensor([1, 2], device="cpu").device.type == "cpu"  # device= is the one keyword it takes


def test_function_takes_both_keywords(run_snippet):
    s = run_snippet("tensors/tensor_vs_class")
    assert s.modern.dtype == torch.float64 and s.modern.tolist() == [1.0, 2.0]
    assert "torch.tensor([1, 2], dtype=torch.float64): torch.float64 [1.0, 2.0]" in s.stdout.splitlines()
    both = torch.tensor([1, 2], dtype=torch.float64, requires_grad=True)  # the prose says it takes both
    assert both.dtype == torch.float64 and both.requires_grad and both.is_leaf
