# record: cuda
"""Two tensors made on the GPU and multiplied there: an operation runs on the device of its operands."""

import torch

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
where = "the GPU does the work" if device.type == "cuda" else "no CUDA device, CPU fallback"
print("device:", device, f"({where})")

# Create both operands on the device itself: no CPU tensor, no copy.
# torch.rand draws from [0, 1); times 2 minus 1 moves that to [-1, 1).
a = torch.rand(5, 3, device=device) * 2 - 1
b = torch.rand(3, 4, device=device) * 2 - 1
c = a @ b  # runs on a.device; the result stays there
print("a:", tuple(a.shape), a.device, "| b:", tuple(b.shape), b.device)
print("c = a @ b:", tuple(c.shape), c.device, c.dtype)

# Same numbers on the CPU: the device changes where the work happens, not the result.
on_cpu = a.cpu() @ b.cpu()
print("same as the CPU matmul:", torch.allclose(c.cpu(), on_cpu))

# Operands must share a device: a GPU tensor and a CPU tensor do not mix.
mismatch = None
if device.type == "cuda":
    try:
        a @ b.cpu()
    except RuntimeError as error:
        mismatch = str(error).splitlines()[0]
    print("cuda @ cpu:", mismatch)
else:
    print("cuda @ cpu: not tried, there is no GPU here")
