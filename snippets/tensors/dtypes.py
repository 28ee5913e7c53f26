"""Every tensor has one dtype; legacy names such as torch.FloatTensor only label a dtype and device."""

import warnings

import torch

# Defaults: floats become float32 (the default dtype), Python ints int64, bools bool.
print("default dtype:", torch.get_default_dtype())
from_float = torch.tensor([1.5, 2.0])
from_int = torch.tensor([1, 2])
from_bool = torch.tensor([True, False])
from_complex = torch.tensor([1 + 2j])
print("inferred:", from_float.dtype, from_int.dtype, from_bool.dtype, from_complex.dtype)

# The dtype is chosen with dtype=, and changed with .to(dtype) or the short methods.
halves = torch.zeros(2, 3, dtype=torch.float16)
as_double = from_int.to(torch.float64)
truncated = torch.tensor([1.7, -1.7]).long()  # float -> int truncates toward zero
print("chosen:", halves.dtype, as_double.dtype, truncated.tolist(), from_int.float().dtype)

# The same dtype again is not a conversion: .to returns the very tensor.
print("to(same dtype) is the same object:", from_float.to(torch.float32) is from_float)

# .type() with no argument returns a legacy name: dtype and device in one string.
common_dtypes = [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.complex64]
common_dtypes += [torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8, torch.bool]
legacy_names = {dtype: torch.zeros(1, dtype=dtype).type() for dtype in common_dtypes}
print("dtype -> x.type():")
for dtype, name in legacy_names.items():
    print(f"  {dtype!s:15} {name}")

# The legacy constructors still work, give plain torch.Tensor objects, and do not warn.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    legacy_float = torch.FloatTensor(2, 3)  # a shape: memory is reserved, no values are written
    legacy_long = torch.LongTensor([4, 0])  # copies the data, like torch.tensor(..., dtype=torch.int64)
print("legacy:", type(legacy_float).__name__, legacy_float.dtype, legacy_long.dtype, legacy_long.tolist())
print("warnings from the legacy constructors:", len(caught))
print("isinstance(zeros, torch.FloatTensor):", isinstance(torch.zeros(1), torch.FloatTensor))

# Whatever the dtype, type(x) is torch.Tensor: the dtype is an attribute, not a class.
print("type() of float, int and bool tensors:", type(from_float), type(from_int), type(from_bool))

# Changing the default through a legacy type name is deprecated and says so.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.set_default_tensor_type(torch.DoubleTensor)
    torch.set_default_tensor_type(torch.FloatTensor)  # restore
for warning in caught:  # PyTorch warns once per process, so a second run in the same session shows none
    print(f"{warning.category.__name__}: {str(warning.message).split(' (Triggered')[0]}")
print("default dtype is back to:", torch.get_default_dtype())
