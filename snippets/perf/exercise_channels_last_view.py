"""Exercise: who decides the output's memory format, and why .view() fails on a channels_last result."""

import torch
from torch import nn

torch.manual_seed(0)
conv = nn.Conv2d(3, 16, 3, padding=1)  # weights left in the default NCHW order
images = torch.randn(8, 3, 32, 32).to(memory_format=torch.channels_last)

out = conv(images)
print("NCHW weights, channels_last input -> output channels_last:", end=" ")
print(out.is_contiguous(memory_format=torch.channels_last))

# view() never copies, so it needs the numbers in the order it reads them; channels_last has another order.
try:
    out.view(8, -1)
except RuntimeError as err:
    print("view: RuntimeError:", str(err).split(". ")[0])
flat = out.flatten(1)  # reshape-like: copies when it must
print("flatten(1):", tuple(flat.shape), "| equal to the NCHW copy's view:", end=" ")
print(torch.equal(flat, out.contiguous().view(8, -1)))
