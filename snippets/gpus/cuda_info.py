# needs: cuda
# measured: (?<=free )[\d.]+(?= GiB)
# measured: (?<=reserved by PyTorch: )[\d.]+(?= MiB)
"""What the GPU is, what it supports (capability, bf16) and how much memory is free (mem_get_info)."""

import torch

GiB, MiB = 1024**3, 1024**2
print("CUDA available:", torch.cuda.is_available(), "| devices:", torch.cuda.device_count())
print("current device:", torch.cuda.current_device(), "| torch built for CUDA", torch.version.cuda)

for index in range(torch.cuda.device_count()):
    props = torch.cuda.get_device_properties(index)
    major, minor = torch.cuda.get_device_capability(index)
    print(f"cuda:{index}: {props.name} | compute capability {major}.{minor}", end=" | ")
    print(f"{props.multi_processor_count} SMs | {props.total_memory / GiB:.1f} GiB")

# bf16: native from compute capability 8.0 (Ampere); older GPUs can only emulate it, slowly.
print("bf16 supported:", torch.cuda.is_bf16_supported(), end=" ")
print("| natively:", torch.cuda.is_bf16_supported(including_emulation=False))

# Free and total memory as the driver sees them: other processes' memory counts too.
free, total = torch.cuda.mem_get_info()
print(f"mem_get_info: free {free / GiB:.2f} GiB of {total / GiB:.1f} GiB")

# PyTorch's caching allocator: "allocated" is what live tensors use, "reserved" what it holds from CUDA.
before = torch.cuda.memory_allocated()
block = torch.empty(64 * MiB, dtype=torch.float32, device="cuda")  # 64 Mi floats = 256 MiB
print("allocated by this tensor:", (torch.cuda.memory_allocated() - before) // MiB, "MiB")
del block
print("allocated after del:", (torch.cuda.memory_allocated() - before) // MiB, "MiB", end=" | ")
print(f"reserved by PyTorch: {torch.cuda.memory_reserved() / MiB:.0f} MiB (kept for reuse)")
torch.cuda.empty_cache()  # hand cached blocks back to the driver, e.g. for another process

# set_device changes what "cuda" (no index) means in this process; torch.cuda.device does it for a block.
last = torch.cuda.device_count() - 1
with torch.cuda.device(last):
    inside = torch.zeros(1, device="cuda")
print(f"inside torch.cuda.device({last}):", inside.device, "| outside:", torch.zeros(1, device="cuda").device)
torch.cuda.set_device(last)
print(f"after set_device({last}):", torch.zeros(1, device="cuda").device)
