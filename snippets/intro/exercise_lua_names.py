"""Exercise: translate Torch7 method names to snake_case and look them up on a PyTorch tensor."""

import torch


def to_snake(name):
    """camelCase to snake_case: an underscore before each capital letter, then all lower case."""
    letters = []
    for ch in name:
        if ch.isupper():
            letters.append("_")
        letters.append(ch.lower())
    return "".join(letters)


def look_up(tensor, lua_name):
    """The PyTorch name of a Torch7 method, if the naming rules lead to one; None if they do not."""
    name = to_snake(lua_name)
    if hasattr(tensor, name):
        return name
    if hasattr(tensor, name + "_"):  # only an in-place version: Lua's method changed its tensor too
        return name + "_"
    return None


x = torch.tensor([1.0, 2.0, 3.0])
old_code_names = ["isContiguous", "maskedSelect", "storageOffset", "fill", "zero", "nElement", "cmul"]
found = {}
for lua_name in old_code_names:
    found[lua_name] = look_up(x, lua_name)
    print(f"{lua_name:14} -> {found[lua_name]}")
