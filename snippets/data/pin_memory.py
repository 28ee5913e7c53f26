# record: cuda
"""pin_memory=True puts batches in page-locked memory so a GPU copy can run asynchronously (non_blocking)."""

import warnings

import torch
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
data = TensorDataset(torch.arange(16.0).reshape(8, 2), torch.arange(8))

# Warnings are errors in this project, so record them to print them.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    loader = DataLoader(data, batch_size=4, pin_memory=True)
    features, labels = next(iter(loader))
print("warnings:", [f"{w.category.__name__}: {w.message}" for w in caught])
print("batch is pinned:", features.is_pinned())

if device.type == "cuda":
    # From pinned memory the copy is queued and returns at once; the host can prepare the next batch.
    on_gpu = features.to(device, non_blocking=True)
    total = on_gpu.sum()  # queued after the copy on the same stream, so it sees the data
    print("on", on_gpu.device, "| sum:", total.item())  # .item() waits for the GPU
    print("tensor.pin_memory() works too:", torch.ones(2).pin_memory().is_pinned())
else:
    # Without CUDA there is nothing to pin for: the DataLoader warns and hands out ordinary memory...
    try:
        torch.ones(2).pin_memory()  # ...and pinning by hand fails outright
    except RuntimeError as err:
        print("tensor.pin_memory() -> RuntimeError:", err)
    # non_blocking=True is accepted everywhere; CPU to CPU it changes nothing.
    same = features.to(device, non_blocking=True)
    print("to(cpu, non_blocking=True) is the same tensor:", same is features)
