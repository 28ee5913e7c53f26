import pytest
import torch


def test_trailing_dims_broadcast(run_snippet):
    s = run_snippet("tensors/broadcasting")
    assert s.column.shape == (3, 1) and s.row.shape == (4,)
    assert s.table.shape == (3, 4)
    assert s.table[:, 0].tolist() == [1.0, 11.0, 21.0]
    assert s.table[2].tolist() == [21.0, 22.0, 23.0, 24.0]
    assert "(3, 1) + (4,) -> (3, 4)" in s.stdout
    assert s.three_d.shape == (2, 4, 3)
    assert "(2, 1, 3) + (4, 1) -> (2, 4, 3)" in s.stdout


def test_centring_columns(run_snippet):
    s = run_snippet("tensors/broadcasting")
    assert s.centred.shape == (5, 3)
    assert torch.allclose(s.centred.mean(dim=0), torch.zeros(3), atol=1e-6)


def test_mismatched_sizes_raise(run_snippet):
    s = run_snippet("tensors/broadcasting")
    message = "The size of tensor a (2) must match the size of tensor b (4) at non-singleton dimension 0"
    assert f"RuntimeError: {message}" in s.stdout
    with pytest.raises(
        RuntimeError, match=r"The size of tensor a \(2\) must match the size of tensor b \(4\)"
    ):
        torch.ones(2, 3) + torch.ones(4, 3)


def test_expand_is_view_repeat_copies(run_snippet):
    s = run_snippet("tensors/broadcasting")
    assert s.expanded.stride() == (0, 1) and s.shares_expand
    assert s.repeated.stride() == (4, 1) and not s.shares_repeat
    assert torch.equal(s.expanded, s.repeated)


def test_in_place_broadcasts_only_the_right_operand(run_snippet):
    s = run_snippet("tensors/broadcasting")
    assert s.target.tolist() == [[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]
    assert "RuntimeError: output with shape [3] doesn't match the broadcast shape [2, 3]" in s.stdout
