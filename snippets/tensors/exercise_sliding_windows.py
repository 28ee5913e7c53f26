"""Sliding windows without copying: as_strided lets two dimensions step through the same storage."""

import torch

signal = torch.arange(1.0, 7.0)  # [1, 2, 3, 4, 5, 6]
size, step = 3, 1
count = (signal.numel() - size) // step + 1

# Window i starts `step` elements after window i - 1; inside a window, neighbours are 1 element apart.
windows = signal.as_strided((count, size), (step, 1))
print("windows:", windows.tolist())
print("shape", tuple(windows.shape), "stride", windows.stride())
print(
    "shares memory with signal:", windows.untyped_storage().data_ptr() == signal.untyped_storage().data_ptr()
)

# unfold builds the same view, and checks the sizes for you.
print("same as signal.unfold(0, 3, 1):", torch.equal(windows, signal.unfold(0, size, step)))

# A moving average is then one reduction over the window dimension.
print("moving average:", windows.mean(dim=1).tolist())

# as_strided checks only that the view stays inside the storage: windows 2 apart would need 9 elements.
try:
    signal.as_strided((count, size), (2, 1))
except RuntimeError as err:
    print("RuntimeError:", err)
# Strides that stay inside are accepted, even when they are not the windows meant.
print("as_strided((2, 3), (1, 2)):", signal.as_strided((2, size), (1, 2)).tolist())

# The same element appears in several windows: writing through the view changes all of them.
windows[0, 2] = 0.0
print("after windows[0, 2] = 0:", windows.tolist())
print("signal:", signal.tolist())
