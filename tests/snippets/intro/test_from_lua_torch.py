import pytest
import torch


def test_camel_case_names_are_gone_and_snake_case_exist(run_snippet):
    s = run_snippet("intro/from_lua_torch")
    assert s.exists == {name: (False, True) for name in s.renamed}
    assert "indexAdd       False  | index_add_       True" in s.stdout
    assert "cmul           False  | mul              True" in s.stdout
    for lua_name, torch_name in s.renamed.items():
        assert not hasattr(torch.Tensor, lua_name)
        assert callable(getattr(torch.Tensor, torch_name))


def test_indexing_starts_at_zero(run_snippet):
    s = run_snippet("intro/from_lua_torch")
    assert "x[0, 3] (Lua: x[1][4]): 3.0 | x.size(0) (Lua: x:size(1)): 2" in s.stdout
    with pytest.raises(IndexError, match="index 2 is out of bounds for dimension 0 with size 2"):
        torch.zeros(2, 5)[2]


def test_add_returns_new_and_add_underscore_changes_in_place(run_snippet):
    s = run_snippet("intro/from_lua_torch")
    assert "after x.add(1):  x[0, 0] = 0.0 | returned 1.0" in s.stdout
    assert "after x.add_(1): x[0, 0] = 1.0" in s.stdout
    assert s.x.tolist() == [[1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0]]
    assert s.y.tolist() == s.x.tolist()  # y = old x + 1, computed before the in-place add


def test_sub_subtracts_and_narrow_cuts(run_snippet):
    s = run_snippet("intro/from_lua_torch")
    assert "x.sub(1)[0].tolist(): [0.0, 1.0, 2.0, 3.0, 4.0]" in s.stdout
    assert "x.narrow(1, 1, 2) (Lua: x:sub(1, 2, 2, 3)): [[2.0, 3.0], [7.0, 8.0]]" in s.stdout


def test_autograd_gives_the_gradient(run_snippet):
    s = run_snippet("intro/from_lua_torch")
    assert s.w_grad == [12.0, 3.0]
    assert "d/dw sum(w^3) = 3 w^2: [12.0, 3.0]" in s.stdout
