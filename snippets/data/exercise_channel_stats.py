"""The per-channel mean and std that Normalize needs, computed batch by batch over a DataLoader."""

import torch
from torch.utils.data import DataLoader
from torchvision import datasets
from torchvision.transforms import v2

to_float = v2.Compose([v2.ToImage(), v2.ToDtype(torch.float32, scale=True)])
# FakeData's pixels are randn * 255 cast to uint8, most of them out of range: not uniform, platform-dependent.
data = datasets.FakeData(size=100, image_size=(3, 16, 16), num_classes=2, transform=to_float)
loader = DataLoader(data, batch_size=32)

# Running sums per channel, one batch at a time: the whole dataset never has to fit in memory.
count = 0
total = torch.zeros(3, dtype=torch.float64)
total_sq = torch.zeros(3, dtype=torch.float64)
for images, _ in loader:
    pixels = images.double().transpose(0, 1).reshape(3, -1)  # (C, N*H*W): one row per channel
    count += pixels.shape[1]
    total += pixels.sum(dim=1)
    total_sq += (pixels**2).sum(dim=1)
mean = total / count
std = (total_sq / count - mean**2).sqrt()  # E[x²] - E[x]², in float64 so the subtraction stays exact
print("batches:", len(loader), "| pixels per channel:", count)
print("mean:", [round(m, 4) for m in mean.tolist()])
print("std:", [round(s, 4) for s in std.tolist()])

everything = torch.stack([image for image, _ in data]).double()  # small enough to check all at once
same = torch.allclose(mean, everything.mean(dim=(0, 2, 3))) and torch.allclose(
    std, everything.std(dim=(0, 2, 3), correction=0)
)
print("same as over the whole set at once:", same)

data.transform = v2.Compose([to_float, v2.Normalize(mean.tolist(), std.tolist())])
after = torch.stack([image for image, _ in data]).double()
print("after Normalize, mean:", [round(m, 4) + 0.0 for m in after.mean(dim=(0, 2, 3)).tolist()])
print("after Normalize, std:", [round(s, 4) for s in after.std(dim=(0, 2, 3), correction=0).tolist()])
