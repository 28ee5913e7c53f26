# measured: \d+\.\d+ s|\d+%
"""Exercise: find out that a training loop waits for its data, then let worker processes load it."""

import time

import torch
from sklearn.datasets import load_digits
from torch import nn
from torch.utils.data import DataLoader, Dataset


class SlowDigits(Dataset):
    """The 1,797 digit scans, read as if each one came from a slow disk: 2 ms per image."""

    def __init__(self):
        digits = load_digits()
        self.images = torch.tensor(digits.images, dtype=torch.float32).unsqueeze(1) / 16
        self.labels = torch.tensor(digits.target)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        time.sleep(0.002)  # stands in for opening and decoding one image file
        return self.images[i], self.labels[i]


def train_one_epoch(loader, model, optimizer, device):
    """One epoch; returns the seconds spent waiting for batches and the seconds spent computing."""
    waiting = computing = 0.0
    start = time.perf_counter()
    for images, labels in loader:
        got_batch = time.perf_counter()
        waiting += got_batch - start  # the loop stood still until the DataLoader handed over this batch
        loss = nn.functional.cross_entropy(model(images.to(device)), labels.to(device))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if device.type == "cuda":
            torch.cuda.synchronize()  # GPU work runs asynchronously: wait for it before reading the clock
        start = time.perf_counter()
        computing += start - got_batch
    return waiting, computing


torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Sequential(nn.Flatten(), nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10)).to(device)
optimizer = torch.optim.Adam(model.parameters(), lr=0.003)
data = SlowDigits()
for workers in (0, 2):  # as it was written, then two worker processes loading the next batches ahead
    shuffle = torch.Generator().manual_seed(0)
    loader = DataLoader(data, batch_size=64, shuffle=True, generator=shuffle, num_workers=workers)
    waiting, computing = train_one_epoch(loader, model, optimizer, device)
    share = waiting / (waiting + computing)
    print(f"num_workers={workers}: waiting {waiting:.2f} s, computing {computing:.2f} s", end=" ")
    print(f"({share:.0%} waiting)")
