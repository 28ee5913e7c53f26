import numpy as np
import pytest
import torch


def test_from_numpy_shares_and_tensor_copies(run_snippet):
    s = run_snippet("tensors/numpy_bridge")
    assert s.shared.dtype == torch.float64 and s.copied.dtype == torch.float64
    assert s.shared.tolist() == [100.0, 1.0, 2.0, 3.0]
    assert s.copied.tolist() == [0.0, 1.0, 2.0, 3.0]
    assert s.shared.data_ptr() == s.array.ctypes.data
    assert s.copied.data_ptr() != s.array.ctypes.data


def test_numpy_shares_memory_with_tensor(run_snippet):
    s = run_snippet("tensors/numpy_bridge")
    assert s.as_array.dtype == np.float32
    assert s.as_array.tolist() == [1.0, 1.0, 1.0]
    assert s.as_array.ctypes.data == s.tensor.data_ptr()


def test_dtype_mapping(run_snippet):
    s = run_snippet("tensors/numpy_bridge")
    assert "numpy dtype -> torch dtype:\n  numpy float64  -> torch.float64\n" in s.stdout
    assert "numpy int32    -> torch.int32" in s.stdout
    assert "numpy bool     -> torch.bool" in s.stdout
    assert s.as_float32.dtype == torch.float32 and not s.float_shares


def test_numpy_on_tensor_requiring_grad(run_snippet):
    s = run_snippet("tensors/numpy_bridge")
    message = "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead."
    assert f"RuntimeError: {message}" in s.stdout
    with pytest.raises(RuntimeError, match=r"Can't call numpy\(\) on Tensor that requires grad"):
        torch.ones(2, requires_grad=True).numpy()
    assert s.weight_array.tolist() == [1.0, 1.0] and s.weight_shares


def test_only_dtypes_both_sides_support_convert(run_snippet):
    s = run_snippet("tensors/numpy_bridge")
    message = (
        "can't convert np.ndarray of type numpy.datetime64. The only supported types are: float64, float32, "
        "float16, complex64, complex128, int64, int32, int16, int8, uint64, uint32, uint16, uint8, and bool."
    )
    assert f"TypeError: {message}\n" in s.stdout
    assert "TypeError: Got unsupported ScalarType BFloat16\n" in s.stdout
    with pytest.raises(TypeError, match="unsupported ScalarType BFloat16"):
        torch.zeros(1, dtype=torch.bfloat16).numpy()


def test_numpy_force_detaches_for_you(run_snippet):
    s = run_snippet("tensors/numpy_bridge")
    assert s.forced.tolist() == [1.0, 1.0] and s.forced.ctypes.data == s.weight.data_ptr()
    assert "numpy(force=True): [1.0, 1.0] | shares memory: True" in s.stdout
