"""ToTensor turns an HxWxC uint8 image into CxHxW floats in [0, 1]; Normalize computes (x - mean) / std."""

import warnings

import numpy as np
import torch
from PIL import Image
from torchvision import transforms
from torchvision.transforms import v2

# A 2x2 RGB image with known pixel values (height, width, channel).
pixels = np.array([[[0, 128, 255], [64, 32, 16]], [[255, 255, 255], [0, 0, 0]]], dtype=np.uint8)
image = Image.fromarray(pixels)
print("PIL image:", image.size, image.mode, "| pixel (0, 0):", image.getpixel((0, 0)))

# ToTensor: channels first, float32, divided by 255.
t = transforms.ToTensor()(image)
red = [[round(v, 4) for v in row] for row in t[0].tolist()]
print("ToTensor:", tuple(t.shape), t.dtype, "| red channel:", red)

# Normalize with mean 0.5 and std 0.5 maps [0, 1] to [-1, 1], channel by channel.
normalize = transforms.Normalize(mean=[0.5, 0.5, 0.5], std=[0.5, 0.5, 0.5])
n = normalize(t)
print("Normalize: red channel:", [[round(v, 4) for v in r] for r in n[0].tolist()])

# Compose chains transforms in order: the usual way to hand a dataset its preprocessing.
pipeline = transforms.Compose([transforms.ToTensor(), normalize])
print("Compose == ToTensor then Normalize:", torch.equal(pipeline(image), n))

# torchvision.transforms.v2 is the current API; ToImage + ToDtype(scale=True) replaces ToTensor.
pipeline_v2 = v2.Compose(
    [v2.ToImage(), v2.ToDtype(torch.float32, scale=True), v2.Normalize([0.5] * 3, [0.5] * 3)]
)
out_v2 = pipeline_v2(image)
print("v2 result:", type(out_v2).__name__, out_v2.dtype, "| equal to v1:", torch.equal(out_v2, n))

# v2.ToTensor still exists but is deprecated (warnings are errors here, so record it).
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    v2.ToTensor()(image)
print("v2.ToTensor:", caught[0].category.__name__, "-", caught[0].message)

# A uint8 tensor is already "an image": ToDtype(scale=True) rescales it, a plain .float() does not.
raw = torch.from_numpy(pixels).permute(2, 0, 1)  # HWC -> CHW, still uint8
scaled = v2.ToDtype(torch.float32, scale=True)(raw)
print("ToDtype(scale=True):", [round(v, 4) for v in scaled[0, 0].tolist()])
print(".float():           ", raw.float()[0, 0].tolist())
