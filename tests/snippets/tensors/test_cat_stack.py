import pytest
import torch


def test_cat_joins_along_an_existing_dim(run_snippet):
    s = run_snippet("tensors/cat_stack")
    rows = torch.cat([s.a, s.b], dim=0)
    columns = torch.cat([s.a, s.b], dim=1)
    assert rows.tolist() == [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11]]
    assert columns.tolist() == [[0, 1, 2, 6, 7, 8], [3, 4, 5, 9, 10, 11]]
    assert "torch.cat([a, b], dim=0): (4, 3)" in s.stdout.splitlines()
    assert "torch.cat([a, b], dim=1): (2, 6)" in s.stdout.splitlines()


def test_stack_adds_a_dim(run_snippet):
    s = run_snippet("tensors/cat_stack")
    stacked = torch.stack([s.a, s.b])
    assert stacked.shape == (2, 2, 3) and torch.equal(stacked[0], s.a) and torch.equal(stacked[1], s.b)
    assert torch.stack([s.a, s.b], dim=2).tolist()[0][0] == [0, 6]
    assert "torch.stack([a, b]): (2, 2, 3)" in s.stdout.splitlines()
    assert "torch.stack([a, b], dim=2): (2, 3, 2)" in s.stdout.splitlines()


def test_what_each_needs_of_the_shapes(run_snippet):
    s = run_snippet("tensors/cat_stack")
    assert "torch.cat([a, row], dim=0): (3, 3)" in s.stdout.splitlines()
    cat_message = (
        "Sizes of tensors must match except in dimension 1."
        " Expected size 2 but got size 1 for tensor number 1 in the list."
    )
    stack_message = (
        "stack expects each tensor to be equal size, but got [2, 3] at entry 0 and [1, 3] at entry 1"
    )
    assert f"RuntimeError: {cat_message}" in s.stdout.splitlines()
    assert f"RuntimeError: {stack_message}" in s.stdout.splitlines()
    with pytest.raises(RuntimeError, match="Sizes of tensors must match except in dimension 1"):
        torch.cat([s.a, s.row], dim=1)
    with pytest.raises(RuntimeError, match="stack expects each tensor to be equal size"):
        torch.stack([s.a, s.row])


def test_stack_collects_one_result_per_step(run_snippet):
    s = run_snippet("tensors/cat_stack")
    assert len(s.per_step) == 4 and s.history.shape == (4, 2)
    assert s.history.tolist() == [[0, 0], [1, 1], [2, 4], [3, 9]]
    assert s.stdout.splitlines()[-1] == "torch.stack(per_step): (4, 2) [[0, 0], [1, 1], [2, 4], [3, 9]]"
