"""snippets/intro/exercise_lua_names.py (an exercise's solution), run in-process."""

import torch


def test_to_snake_follows_the_rule(run_snippet):
    s = run_snippet("intro/exercise_lua_names")
    assert s.to_snake("isContiguous") == "is_contiguous"
    assert s.to_snake("storageOffset") == "storage_offset"
    assert s.to_snake("fill") == "fill"
    assert s.to_snake("nElement") == "n_element"


def test_three_kinds_of_name(run_snippet):
    s = run_snippet("intro/exercise_lua_names")
    assert s.found == {
        "isContiguous": "is_contiguous",  # the rule is enough
        "maskedSelect": "masked_select",
        "storageOffset": "storage_offset",
        "fill": "fill_",  # only in place, marked by `_`
        "zero": "zero_",
        "nElement": None,  # renamed outright: numel
        "cmul": None,  # renamed outright: mul
    }
    assert "fill           -> fill_" in s.stdout
    assert s.stdout.splitlines()[-1] == "cmul           -> None"


def test_the_in_place_only_names_have_no_plain_version():
    for name in ("fill", "zero"):
        assert not hasattr(torch.Tensor, name)
        assert hasattr(torch.Tensor, name + "_")
    assert hasattr(torch.Tensor, "numel") and hasattr(torch.Tensor, "mul")
