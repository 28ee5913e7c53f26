import numpy as np
import pytest
import torch


def test_from_numpy_shares_and_tensor_copies(run_snippet):
    s = run_snippet("tensors/numpy_bridge")
    assert s.shared.dtype == torch.float64 and s.copied.dtype == torch.float64
    assert "from_numpy:  [100.0, 1.0, 2.0, 3.0]" in s.stdout.splitlines()
    assert "torch.tensor: [0.0, 1.0, 2.0, 3.0]" in s.stdout.splitlines()
    assert s.shared.tolist() == [100.0, -1.0, 2.0, 3.0]  # array[1] = -1 later on reaches it too
    assert s.copied.tolist() == [0.0, 1.0, 2.0, 3.0]
    assert s.shared.data_ptr() == s.array.ctypes.data
    assert s.copied.data_ptr() != s.array.ctypes.data


def test_numpy_shares_memory_with_tensor(run_snippet):
    s = run_snippet("tensors/numpy_bridge")
    assert s.as_array.dtype == np.float32
    assert s.as_array.tolist() == [1.0, 1.0, 1.0]
    assert s.as_array.ctypes.data == s.tensor.data_ptr()
    assert "tensor.numpy() after tensor[:] = 1: [1.0, 1.0, 1.0] float32" in s.stdout.splitlines()


def test_dtype_mapping(run_snippet):
    s = run_snippet("tensors/numpy_bridge")
    assert "numpy dtype -> torch dtype:\n  numpy float64  -> torch.float64\n" in s.stdout
    assert "numpy int32    -> torch.int32" in s.stdout
    assert "numpy bool     -> torch.bool" in s.stdout
    assert s.as_float32.dtype == torch.float32 and s.as_float32.data_ptr() != s.shared.data_ptr()
    assert s.as_float32.tolist() == [100.0, 1.0, 2.0, 3.0]  # the copy missed array[1] = -1
    line = "from_numpy(...).float(): torch.float32 | element 1 after array[1] = -1: 1.0"
    assert line in s.stdout.splitlines()


def test_numpy_on_tensor_requiring_grad():
    """The page only names this case, in a sentence that links to autograd.md (which teaches requires_grad
    and detach); the message it quotes and the no-copy claim are checked here."""
    weight = torch.ones(2, requires_grad=True)
    message = "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead."
    with pytest.raises(RuntimeError) as caught:
        weight.numpy()
    assert str(caught.value) == message
    weight_array = weight.detach().numpy()
    assert weight_array.tolist() == [1.0, 1.0] and weight_array.ctypes.data == weight.data_ptr()


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
    weight = torch.ones(2, requires_grad=True)
    forced = weight.numpy(force=True)
    assert forced.tolist() == [1.0, 1.0] and forced.ctypes.data == weight.data_ptr()
    assert "requires grad" not in s.stdout and "detach" not in s.stdout  # left to autograd.md
