"""Pooling shrinks spatial dims with no weights: MaxPool keeps the largest value, AvgPool the mean."""

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# A tiny input with known values, shape (batch=1, channels=1, length=6).
seq = torch.tensor([[[1.0, 5.0, 2.0, 0.0, 3.0, 4.0]]], device=device)
max1d = nn.MaxPool1d(kernel_size=2)  # stride defaults to kernel_size: windows do not overlap
avg1d = nn.AvgPool1d(kernel_size=2)
print("input:     ", seq.flatten().tolist())
print("MaxPool1d: ", max1d(seq).flatten().tolist())
print("AvgPool1d: ", avg1d(seq).flatten().tolist())

# 2-d: a 4x4 grid of 0..15, pooled in 2x2 windows.
grid = torch.arange(16.0, device=device).reshape(1, 1, 4, 4)
max2d = nn.MaxPool2d(kernel_size=2)
avg2d = nn.AvgPool2d(kernel_size=2)
print("MaxPool2d:", max2d(grid).squeeze().tolist())
print("AvgPool2d:", avg2d(grid).squeeze().tolist())

# Shapes on a realistic batch: pooling never changes the number of channels.
features = torch.randn(4, 8, 32, 32, device=device)
rows = [
    ("MaxPool1d(2)", max1d, torch.randn(4, 6, 50, device=device)),
    ("AvgPool1d(2)", avg1d, torch.randn(4, 6, 50, device=device)),
    ("MaxPool2d(2)", max2d, features),
    ("AvgPool2d(2)", avg2d, features),
    ("AvgPool2d(3, stride=1, p=1)", nn.AvgPool2d(3, stride=1, padding=1), features),
    ("AdaptiveAvgPool2d(1)", nn.AdaptiveAvgPool2d(1), features),
]
print(f"{'layer':<28} {'input':<18} output")
for name, layer, x in rows:
    print(f"{name:<28} {tuple(x.shape)!s:<18} {tuple(layer(x).shape)}")

# Pooling layers have nothing to learn.
print("parameters in MaxPool2d + AvgPool2d:", len(list(max2d.parameters()) + list(avg2d.parameters())))

# The name in the old notes does not exist.
try:
    nn.AveragePool2d(2)
except AttributeError as err:
    print("AttributeError:", err)
print("average pooling classes:", [name for name in dir(nn) if name.startswith("AvgPool")])
