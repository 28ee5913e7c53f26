# needs: cuda
# measured: [\d.]+ MiB\b
"""The caching allocator's counters on one training step: allocated now, the peak, reserved, the summary."""

import os

import torch
from torch import nn

MiB = 2**20
# PYTORCH_CUDA_ALLOC_CONF is read when CUDA starts, so it is set outside the program:
# PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True python cuda_memory.py
print("PYTORCH_CUDA_ALLOC_CONF:", os.environ.get("PYTORCH_CUDA_ALLOC_CONF", "(not set)"))

device = torch.device("cuda")
model = nn.Sequential(nn.Linear(4096, 4096), nn.ReLU(), nn.Linear(4096, 4096)).to(device)
optimizer = torch.optim.Adam(model.parameters())
x = torch.randn(1024, 4096, device=device)
print(f"weights and the batch: {torch.cuda.memory_allocated() / MiB:.1f} MiB allocated")

torch.cuda.reset_peak_memory_stats()  # the peak counts from here
loss = model(x).square().mean()
loss.backward()  # activations are freed as backward uses them; gradients appear
optimizer.step()  # the first step creates Adam's two moments
optimizer.zero_grad()  # set_to_none: the gradients' memory goes back to the cache
peak = torch.cuda.max_memory_allocated() / MiB
print(f"one step: peak {peak:.1f} MiB allocated", end=" | ")
print(f"after it: {torch.cuda.memory_allocated() / MiB:.1f} MiB allocated", end=" | ")
print(f"{torch.cuda.memory_reserved() / MiB:.1f} MiB reserved")  # kept by the cache for the next step

# The allocator's own table: current, peak, allocated and freed in all, per pool of large and small blocks.
print(torch.cuda.memory_summary(abbreviated=True))
