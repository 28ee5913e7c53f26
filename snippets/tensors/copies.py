"""clone makes an independent copy in new memory; copy_ fills a tensor that already exists."""

import torch

a = torch.tensor([1.0, 2.0, 3.0])

# clone: new memory with the same values; changing one leaves the other alone.
cloned = a.clone()
print("clone: shares memory:", cloned.data_ptr() == a.data_ptr())
cloned[0] = 10.0
print("after cloned[0] = 10: cloned", cloned.tolist(), "| a", a.tolist())

# Plain assignment copies nothing: b is a second name for the same tensor.
b = a
b[0] = -1.0
print("after b = a; b[0] = -1: a", a.tolist(), "| b is a:", b is a)

# copy_(src): writes src into an existing tensor, broadcasting src and converting its dtype.
destination = torch.zeros(2, 3, dtype=torch.float64)
returned = destination.copy_(torch.tensor([1, 2, 3]))  # int64 row -> every float64 row
print("copy_ returns the destination:", returned is destination)
print(destination)

# src must broadcast to the destination's shape, not the other way round.
try:
    torch.zeros(3).copy_(torch.ones(2, 3))
except RuntimeError as err:
    print("RuntimeError:", err)

# copy_ also crosses devices: this is how to fill a tensor that already lives elsewhere.
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
on_device = torch.empty(3, device=device).copy_(torch.tensor([7.0, 8.0, 9.0]))
print("copied onto", on_device.device.type, on_device.tolist())
