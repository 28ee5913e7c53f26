"""snippets/intro/from_lua_torch.py, run in-process: Torch7's names are gone, their new names exist."""

import pytest
import torch

PRINTED = """\
hasattr(x, name): Lua name | PyTorch name
nElement       False  | numel            True
isContiguous   False  | is_contiguous    True
indexAdd       False  | index_add_       True
maskedFill     False  | masked_fill_     True
storageOffset  False  | storage_offset   True
cmul           False  | mul              True
shape of x: (2, 3)
x.shape[0], the rows (Lua: x:size(1)): 2
x.shape[1], the columns (Lua: x:size(2)): 3
"""


def test_prints_what_the_page_shows(run_snippet):
    s = run_snippet("intro/from_lua_torch")
    assert s.stdout == PRINTED


def test_camel_case_names_are_gone_and_snake_case_exist(run_snippet):
    s = run_snippet("intro/from_lua_torch")
    assert s.found == {name: (False, True) for name in s.renamed}
    for lua_name, torch_name in s.renamed.items():
        assert not hasattr(torch.Tensor, lua_name)
        assert callable(getattr(torch.Tensor, torch_name))


def test_dimensions_count_from_zero(run_snippet):
    s = run_snippet("intro/from_lua_torch")
    assert s.x.shape == (2, 3)
    assert (s.x.shape[0], s.x.shape[1]) == (s.x.size(0), s.x.size(1)) == (2, 3)
    with pytest.raises(IndexError):
        s.x.size(2)  # Lua's x:size(2) is x.size(1) here; there is no dimension 2


def test_the_renamed_methods_do_what_the_lua_ones_did(run_snippet):
    s = run_snippet("intro/from_lua_torch")
    x = s.x.clone()
    assert x.numel() == 6  # nElement
    assert torch.equal(x.mul(x), torch.tensor([[1.0, 4.0, 9.0], [16.0, 25.0, 36.0]]))  # cmul
    x.masked_fill_(x > 4, 0.0)  # maskedFill changed its tensor in place, and so does masked_fill_
    assert x.tolist() == [[1.0, 2.0, 3.0], [4.0, 0.0, 0.0]]
