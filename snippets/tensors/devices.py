"""A tensor lives on one device; .to(device) moves it there and keeps its dtype."""

import torch

# Use the GPU when there is one, otherwise fall back to the CPU.
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print("device:", device)

cpu_x = torch.zeros(2, 3)
print("created on:", cpu_x.device, "| dtype:", cpu_x.dtype, "| .type():", cpu_x.type())

# .to(device) is the one call that works on either kind of machine.
moved = cpu_x.to(device)
print("after .to(device):", moved.device, "| dtype:", moved.dtype, "| .type():", moved.type())

# Already on that device (and dtype): .to returns the very same object, nothing is copied.
print("moved.to(device) is moved:", moved.to(device) is moved)
print("cpu_x.cpu() is cpu_x:", cpu_x.cpu() is cpu_x)

# Only .to(..., copy=True) insists on a new tensor.
print("to(device, copy=True) is moved:", moved.to(device, copy=True) is moved)

# A round trip through the GPU keeps the dtype: int64 stays int64.
counts = torch.full((4,), 3)
if device.type == "cuda":
    gpu_counts = counts.cuda()  # same as counts.to("cuda")
    back_on_cpu = gpu_counts.cpu()
    gpu_float = cpu_x.cuda()
    print("cuda():", gpu_counts.type(), gpu_counts.device, "| float:", gpu_float.type())
    print("cpu(): ", back_on_cpu.type(), back_on_cpu.device, back_on_cpu.tolist())
else:
    print("no CUDA device here: .cuda() is skipped and every tensor stays on the CPU")
    print("counts:", counts.type(), counts.device, counts.tolist())
