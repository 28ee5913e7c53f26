import pytest
import torch


def test_strides_and_contiguity(run_snippet):
    s = run_snippet("tensors/views")
    assert s.a.stride() == (3, 1) and s.a.is_contiguous()
    assert s.t.shape == (3, 2) and s.t.stride() == (1, 3)
    assert not s.t.is_contiguous()
    assert s.t.data_ptr() == s.a.data_ptr() == s.flat.data_ptr()


def test_slicing_moves_the_storage_offset(run_snippet):
    s = run_snippet("tensors/views")
    assert s.tail.shape == (2, 2) and s.tail.stride() == (3, 1) and s.tail.storage_offset() == 1
    assert s.tail.untyped_storage().data_ptr() == s.a.untyped_storage().data_ptr()
    assert "a[:, 1:]: shape (2, 2) stride (3, 1) storage offset 1" in s.stdout


def test_view_on_transposed_raises(run_snippet):
    s = run_snippet("tensors/views")
    message = (
        "view size is not compatible with input tensor's size and stride (at least one dimension spans "
        "across two contiguous subspaces). Use .reshape(...) instead."
    )
    assert f"RuntimeError: {message}" in s.stdout
    with pytest.raises(
        RuntimeError, match=r"view size is not compatible with input tensor's size and stride"
    ):
        torch.arange(6.0).reshape(2, 3).t().view(6)


def test_reshape_views_when_it_can_and_copies_when_it_must(run_snippet):
    s = run_snippet("tensors/views")
    assert s.reshaped_a.data_ptr() == s.a.data_ptr()
    assert s.reshaped_t.data_ptr() != s.a.data_ptr()
    assert s.reshaped_t.tolist() == [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]
    assert "a.reshape(3, 2) shares memory: True" in s.stdout
    assert "t.reshape(6) shares memory:    False" in s.stdout


def test_contiguous_copies_into_row_major(run_snippet):
    s = run_snippet("tensors/views")
    assert s.c.is_contiguous() and s.c.stride() == (2, 1)
    assert s.c.data_ptr() != s.a.data_ptr()
    assert s.c.tolist() == [[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]]  # the copy was made before the write
    assert "a.contiguous() is a: True" in s.stdout


def test_write_through_transpose_reaches_a(run_snippet):
    s = run_snippet("tensors/views")
    assert s.a.tolist() == [[0.0, 1.0, 2.0], [100.0, 4.0, 5.0]]
    assert s.reshaped_a[1, 1].item() == 100.0  # a view too
