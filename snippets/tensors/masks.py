"""Comparisons give bool tensors, masks; a mask selects, counts and replaces elements."""

import torch

x = torch.tensor([[3, -1, 4], [-1, 5, -9]])

# A comparison works element by element and gives True or False for each element.
positive = x > 0
print("x > 0:", positive.tolist(), positive.dtype)
print("x == -1:", (x == -1).tolist())

# x[mask] picks the elements where the mask is True, row by row, into one dimension.
print("x[x > 0]:", x[positive].tolist())

# True counts as 1: sum counts the True elements, mean of the floats gives the fraction.
print("how many positive:", positive.sum().item(), "| fraction:", positive.float().mean().item())

# Masks combine with & (and), | (or) and ~ (not); each comparison needs its parentheses.
small = (x > -5) & (x < 4)
print("(x > -5) & (x < 4):", small.tolist())
print("~(x > 0):", (~positive).tolist())

# Python's and/or ask for one True or False, and a tensor of several elements has no single answer.
try:
    (x > -5) and (x < 4)
except RuntimeError as err:
    print("RuntimeError:", err)

# torch.where(mask, a, b): a where the mask is True, b elsewhere. Here negatives become 0.
print("torch.where(x > 0, x, 0):", torch.where(positive, x, 0).tolist())

# Questions about the whole tensor: is any element / every element True?
print("any negative:", (x < 0).any().item(), "| all nonzero:", (x != 0).all().item())
