"""Deterministic mode fills fresh, uninitialised memory with fixed values, so that reading it repeats."""

import torch

print("fill_uninitialized_memory:", torch.utils.deterministic.fill_uninitialized_memory)
torch.set_deterministic_debug_mode("error")  # the same as torch.use_deterministic_algorithms(True)
filled_with_nan = torch.empty(2, 3)  # floating point: NaN
filled_ints = torch.empty(3, dtype=torch.int64)  # integers: the largest value of the dtype
nan_sum = filled_with_nan.sum()  # NaN spreads without any error
try:
    # put_ without accumulate=True is refused whatever the indices, even distinct ones.
    torch.zeros(4).put_(torch.tensor([0, 1]), torch.tensor([1.0, 2.0]))
except RuntimeError as err:
    print("RuntimeError:", str(err).split(". ")[0])
summed = torch.zeros(4).put_(torch.tensor([0, 0]), torch.tensor([1.0, 2.0]), accumulate=True)
print("put_ with accumulate=True, index [0, 0]:", summed.tolist())
torch.set_deterministic_debug_mode("default")  # back to normal: no filling
print("torch.empty(2, 3) in deterministic mode:")
print(filled_with_nan)
print("torch.empty(3, dtype=torch.int64):", filled_ints.tolist())
print("int64 max:", torch.iinfo(torch.int64).max, "| sum of the NaN tensor:", nan_sum.item())
