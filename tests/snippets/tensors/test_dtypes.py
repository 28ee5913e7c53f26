import torch


def test_default_and_inferred_dtypes(run_snippet):
    s = run_snippet("tensors/dtypes")
    assert torch.get_default_dtype() == torch.float32
    assert s.from_float.dtype == torch.float32
    assert s.from_int.dtype == torch.int64
    assert s.from_bool.dtype == torch.bool
    assert s.from_complex.dtype == torch.complex64
    assert "inferred: torch.float32 torch.int64 torch.bool torch.complex64" in s.stdout


def test_choosing_and_converting_dtypes(run_snippet):
    s = run_snippet("tensors/dtypes")
    assert s.halves.dtype == torch.float16 and s.halves.shape == (2, 3)
    assert s.as_double.dtype == torch.float64 and s.as_double.tolist() == [1.0, 2.0]
    assert s.truncated.dtype == torch.int64 and s.truncated.tolist() == [1, -1]
    assert "to(same dtype) is the same object: True" in s.stdout


def test_legacy_type_names(run_snippet):
    s = run_snippet("tensors/dtypes")
    assert s.legacy_names[torch.float32] == "torch.FloatTensor"
    assert "dtype -> x.type():\n  torch.float32   torch.FloatTensor\n" in s.stdout
    assert s.legacy_names[torch.float64] == "torch.DoubleTensor"
    assert s.legacy_names[torch.float16] == "torch.HalfTensor"
    assert s.legacy_names[torch.bfloat16] == "torch.BFloat16Tensor"
    assert s.legacy_names[torch.int64] == "torch.LongTensor"
    assert s.legacy_names[torch.int32] == "torch.IntTensor"
    assert s.legacy_names[torch.int16] == "torch.ShortTensor"
    assert s.legacy_names[torch.int8] == "torch.CharTensor"
    assert s.legacy_names[torch.uint8] == "torch.ByteTensor"
    assert s.legacy_names[torch.bool] == "torch.BoolTensor"
    assert s.legacy_names[torch.complex64] == "torch.ComplexFloatTensor"


def test_legacy_constructors_work_without_warning(run_snippet):
    s = run_snippet("tensors/dtypes")
    assert type(s.legacy_float) is torch.Tensor
    assert s.legacy_float.dtype == torch.float32 and s.legacy_float.shape == (2, 3)
    assert s.legacy_long.dtype == torch.int64 and s.legacy_long.tolist() == [4, 0]
    assert "warnings from the legacy constructors: 0" in s.stdout
    assert "isinstance(zeros, torch.FloatTensor): True" in s.stdout


def test_type_is_tensor_for_plain_tensors_only(run_snippet):
    s = run_snippet("tensors/dtypes")
    assert type(s.from_float) is torch.Tensor and type(s.legacy_float) is torch.Tensor
    assert type(s.from_int) is torch.Tensor and type(s.from_bool) is torch.Tensor
    line = "type() of float, int and bool tensors: " + " ".join(["<class 'torch.Tensor'>"] * 3)
    assert line in s.stdout.splitlines()
    # The prose names nn.Parameter (taught in nn.md) as the exception: a subclass reports its own class.
    param = torch.nn.Parameter(torch.zeros(2))
    assert type(param) is torch.nn.Parameter and type(param) is not torch.Tensor
    assert isinstance(param, torch.Tensor)


DEPRECATION = (
    "UserWarning: torch.set_default_tensor_type() is deprecated as of PyTorch 2.1, please use "
    "torch.set_default_dtype() and torch.set_default_device() as alternatives."
)


def test_set_default_tensor_type_is_deprecated_and_restored(run_snippet):
    s = run_snippet("tensors/dtypes")
    # This module's snippet run starts from a clean process (the test child), as the build's does: the C++
    # warning fires once per process, for the first call (the set), not again for the restore.
    assert len(s.caught) == 1 and s.caught[0].category is UserWarning
    assert s.stdout.count(DEPRECATION + "\n") == 1
    assert torch.get_default_dtype() == torch.float32
    assert "default dtype is back to: torch.float32" in s.stdout


def test_a_second_run_in_the_same_process_sees_no_warning(run_snippet):
    run_snippet("tensors/dtypes")
    again = run_snippet("tensors/dtypes", fresh=True)
    assert again.caught == [] and DEPRECATION not in again.stdout
