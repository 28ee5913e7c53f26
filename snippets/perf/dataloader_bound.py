# measured: \d+%|[\d.]+ s\b|[\d.]+x\b
# measured: (?<=USDT:)[^\]]+\]
# measured: (?<=ERROR:)[^\]]+\]
"""A loop that waits for its data: the profiler shows where the time goes, worker processes take it back."""

import time

import torch
from torch import nn
from torch.profiler import ProfilerActivity, profile
from torch.utils.data import DataLoader, Dataset


class SlowImages(Dataset):
    """512 small images, each read as if from a slow disk: 1 ms per image."""

    def __len__(self):
        return 512

    def __getitem__(self, i):
        time.sleep(0.001)  # stands in for opening and decoding one image file
        return torch.rand(1, 8, 8), i % 10


def one_epoch(loader):
    for images, labels in loader:
        images = images.to(device, non_blocking=True)  # asynchronous only from pinned memory
        loss = loss_fn(model(images), labels.to(device))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Sequential(
    nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
    nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
    nn.Flatten(), nn.Linear(32 * 2 * 2, 10),
).to(device)  # fmt: skip
loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=0.003)

# Diagnose: profile one epoch as the loop was written, and find the entry with the most time of its own.
slow = DataLoader(SlowImages(), batch_size=64)
with profile(activities=[ProfilerActivity.CPU]) as prof:
    one_epoch(slow)
top = max(prof.key_averages(), key=lambda e: e.self_cpu_time_total)
share = top.self_cpu_time_total / sum(e.self_cpu_time_total for e in prof.key_averages())
print(f"most self CPU time: {top.key} ({share:.0%})")

# Fix: two worker processes load the next batches while the model trains on this one.
pin = device.type == "cuda"  # page-locked batches for fast, asynchronous copies to the GPU
fast = DataLoader(SlowImages(), batch_size=64, num_workers=2, pin_memory=pin)
seconds = {}
for name, loader in (("num_workers=0", slow), ("num_workers=2", fast)):
    start = time.perf_counter()
    one_epoch(loader)
    seconds[name] = time.perf_counter() - start
    print(f"{name}: {seconds[name]:.2f} s per epoch")
print(f"with workers: {seconds['num_workers=0'] / seconds['num_workers=2']:.1f}x faster")
