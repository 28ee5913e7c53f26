"""channels_last: the same NCHW tensor, stored with the channels of each pixel next to each other."""

import torch
from torch import nn

torch.manual_seed(0)
images = torch.randn(8, 3, 32, 32)  # N, C, H, W: batch, channels, height, width
print("shape:", tuple(images.shape), "| strides:", images.stride())  # each channel is one 32x32 plane

# Same shape, same values; only the order in memory changes: C moves to the fastest-changing place.
nhwc = images.to(memory_format=torch.channels_last)
print("shape:", tuple(nhwc.shape), "| strides:", nhwc.stride())
print("is_contiguous():", nhwc.is_contiguous())
print("is_contiguous(memory_format=torch.channels_last):", end=" ")
print(nhwc.is_contiguous(memory_format=torch.channels_last))
print("same values:", torch.equal(images, nhwc))

# A model converts its 4-D weights the same way; convolutions then keep channels_last from layer to layer.
model = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 32, 3, padding=1))
reference = model(images)
model = model.to(memory_format=torch.channels_last)
kernel = model[0].weight
print("conv weight channels_last:", kernel.is_contiguous(memory_format=torch.channels_last))
out = model(nhwc)
print("output channels_last:", out.is_contiguous(memory_format=torch.channels_last), end=" | ")
print("strides:", out.stride())
print("same result as NCHW (allclose):", torch.allclose(out, reference, atol=1e-5))

# Operations that need NCHW get it with .contiguous(), which copies back.
back = out.contiguous()
print("after .contiguous():", back.stride())
