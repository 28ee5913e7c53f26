"""Exercise: predict a small CNN's shapes and parameter counts with the formulas, then run it to check."""

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

model = nn.Sequential(
    nn.Conv2d(3, 16, kernel_size=5),  # 32 -> 28
    nn.ReLU(),
    nn.MaxPool2d(2),  # 28 -> 14
    nn.Conv2d(16, 32, kernel_size=3, stride=2, padding=1),  # 14 -> 7
    nn.ReLU(),
    nn.AdaptiveAvgPool2d(1),  # any size -> 1
    nn.Flatten(),
    nn.Linear(32, 10),
).to(device)


def out_size(size, kernel, stride=1, padding=0):
    """floor((size + 2*padding - kernel) / stride) + 1, for each spatial dimension."""
    return (size + 2 * padding - kernel) // stride + 1


# Predicted by hand, before running anything.
s1 = out_size(32, 5)  # conv 5x5, no padding
s2 = out_size(s1, 2, stride=2)  # max pool: stride defaults to kernel_size
s3 = out_size(s2, 3, stride=2, padding=1)
predicted_shapes = [(16, s1, s1), (16, s1, s1), (16, s2, s2), (32, s3, s3), (32, s3, s3)]
predicted_shapes += [(32, 1, 1), (32,), (10,)]  # global average pool, flatten, linear
predicted_params = [16 * 3 * 5 * 5 + 16, 0, 0, 32 * 16 * 3 * 3 + 32, 0, 0, 0, 32 * 10 + 10]

# Measured: run a batch through one layer at a time.
h = torch.randn(4, 3, 32, 32, device=device)
shapes, params = [], []
for layer in model:
    h = layer(h)
    shapes.append(tuple(h.shape[1:]))  # drop the batch dimension
    params.append(sum(p.numel() for p in layer.parameters()))
    print(f"{type(layer).__name__:17} output {tuple(h.shape)!s:15} params {params[-1]}")

print("shapes as predicted:", shapes == predicted_shapes)
print("parameter counts as predicted:", params == predicted_params)
print("total parameters:", sum(params))
