import pytest
import torch


def test_shape_ndim_and_numel(run_snippet):
    s = run_snippet("tensors/reshape")
    assert s.x.shape == (12,) and s.x.ndim == 1 and s.x.numel() == 12
    assert isinstance(s.x.shape, tuple)  # torch.Size is a tuple
    assert "x.shape: torch.Size([12]) | ndim: 1 | numel: 12" in s.stdout.splitlines()


def test_reshape_fills_row_by_row(run_snippet):
    s = run_snippet("tensors/reshape")
    assert s.grid.tolist() == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]
    assert "grid.shape: (3, 4) | rows: 3 | columns: 4" in s.stdout.splitlines()
    assert s.blocks.shape == (2, 3, 2)
    assert s.blocks.tolist() == [[[0, 1], [2, 3], [4, 5]], [[6, 7], [8, 9], [10, 11]]]


def test_minus_one_is_worked_out(run_snippet):
    s = run_snippet("tensors/reshape")
    assert "x.reshape(4, -1): (4, 3)" in s.stdout.splitlines()
    assert "x.reshape(-1, 6): (2, 6)" in s.stdout.splitlines()
    with pytest.raises(RuntimeError, match="only one dimension can be inferred"):
        s.x.reshape(-1, -1)


def test_flatten_gives_back_the_same_order(run_snippet):
    s = run_snippet("tensors/reshape")
    assert torch.equal(s.flat, s.x)
    assert "same elements as x: True" in s.stdout.splitlines()


def test_the_number_of_elements_cannot_change(run_snippet):
    s = run_snippet("tensors/reshape")
    assert s.stdout.splitlines()[-1] == "RuntimeError: shape '[5, 3]' is invalid for input of size 12"
    with pytest.raises(RuntimeError, match=r"shape '\[5, 3\]' is invalid for input of size 12"):
        s.x.reshape(5, 3)
