"""tensor.numpy() and torch.from_numpy() share memory with the other side; torch.tensor(ndarray) copies."""

import numpy as np
import torch

# from_numpy: the tensor reuses the array's memory and keeps its dtype (NumPy's float64).
array = np.arange(4.0)
shared = torch.from_numpy(array)
copied = torch.tensor(array)
print("array dtype:", array.dtype, "-> from_numpy:", shared.dtype, "| torch.tensor:", copied.dtype)

array[0] = 100.0  # change the array...
print("array:      ", array.tolist())
print("from_numpy: ", shared.tolist())  # ...the shared tensor sees it
print("torch.tensor:", copied.tolist())  # ...the copy does not

# .numpy(): the array reuses the tensor's memory, in the other direction too.
tensor = torch.zeros(3)
as_array = tensor.numpy()
tensor[:] = 1.0  # write into every element of the tensor
print("tensor.numpy() after tensor[:] = 1:", as_array.tolist(), as_array.dtype)

# Dtypes map one to one; note NumPy's default float is float64, PyTorch's is float32.
print("numpy dtype -> torch dtype:")
for np_dtype in [np.float64, np.float32, np.int64, np.int32, np.uint8, np.bool_]:
    print(f"  numpy {np.dtype(np_dtype).name:8} -> {torch.from_numpy(np.zeros(1, dtype=np_dtype)).dtype}")
as_float32 = torch.from_numpy(array).float()  # convert when the model expects float32 (this copies)
array[1] = -1.0  # the float32 copy no longer sees the array
print("from_numpy(...).float():", as_float32.dtype, "| element 1 after array[1] = -1:", as_float32[1].item())

# One to one only for dtypes both sides have: datetime64 has no torch dtype, bfloat16 no NumPy one.
try:
    torch.from_numpy(np.array(["2024-01-01"], dtype="datetime64[D]"))
except TypeError as err:
    print("TypeError:", err)
try:
    torch.zeros(1, dtype=torch.bfloat16).numpy()
except TypeError as err:
    print("TypeError:", err)
