"""A view reinterprets the same memory through shape and strides; contiguous() copies into row-major order."""

import torch

a = torch.arange(6.0).reshape(2, 3)
print(a)
# stride: how many elements to skip in memory to move one step along each dimension.
print("a:  shape", tuple(a.shape), "stride", a.stride(), "contiguous:", a.is_contiguous())

# view changes shape and strides only; the memory is shared.
flat = a.view(6)
print("a.view(6) shares memory:", flat.data_ptr() == a.data_ptr())

# Slicing changes the shape and also where the view starts in memory: the storage offset.
tail = a[:, 1:]
print("a[:, 1:]: shape", tuple(tail.shape), "stride", tail.stride(), "storage offset", tail.storage_offset())

# transpose swaps the strides: same memory, but rows are no longer laid out one after another.
t = a.t()
print("a.t(): shape", tuple(t.shape), "stride", t.stride(), "contiguous:", t.is_contiguous())
print("a.t() shares memory:", t.data_ptr() == a.data_ptr())

# view cannot flatten it: no single stride walks t's elements in order.
try:
    t.view(6)
except RuntimeError as err:
    print("RuntimeError:", err)

# reshape returns a view when it can and copies when it must.
reshaped_a = a.reshape(3, 2)
reshaped_t = t.reshape(6)
print("a.reshape(3, 2) shares memory:", reshaped_a.data_ptr() == a.data_ptr())
print("t.reshape(6) shares memory:   ", reshaped_t.data_ptr() == a.data_ptr())
print("t.reshape(6):", reshaped_t.tolist())

# contiguous() copies t into fresh memory in row-major order, with the usual strides.
c = t.contiguous()
print("t.contiguous(): stride", c.stride(), "contiguous:", c.is_contiguous())
print("t.contiguous() shares memory:", c.data_ptr() == a.data_ptr())
print("after that, view works:", c.view(6).tolist())

# On a tensor that is already contiguous, contiguous() returns the tensor itself.
print("a.contiguous() is a:", a.contiguous() is a)

# Because views share memory, a write through t changes a.
t[0, 1] = 100.0
print("a after t[0, 1] = 100:", a.tolist())
