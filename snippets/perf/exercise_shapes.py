# measured: (?<=USDT:)[^\]]+\]
# measured: (?<=ERROR:)[^\]]+\]
"""Exercise: the table puts both convolutions in one row; record_shapes splits them by input shape."""

import torch
from torch import nn
from torch.profiler import ProfilerActivity, profile

model = nn.Sequential(
    nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
    nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
    nn.Flatten(), nn.Linear(32 * 2 * 2, 10),
)  # fmt: skip
images = torch.rand(64, 1, 8, 8)

with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof:
    model(images)

together = [e for e in prof.key_averages() if e.key == "aten::conv2d"]
print("grouped by name:", len(together), "row,", together[0].count, "calls")
by_shape = [e for e in prof.key_averages(group_by_input_shape=True) if e.key == "aten::conv2d"]
for row in by_shape:
    image_shape, weight_shape = row.input_shapes[0], row.input_shapes[1]  # the input, then the kernel
    print(f"aten::conv2d, input {image_shape}, weight {weight_shape}: {row.count} call")
