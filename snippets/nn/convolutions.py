"""Convolutions slide a kernel over 1, 2 or 3 spatial dims; ConvTranspose2d runs the shape rule backwards."""

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# Inputs are (batch, channels, *spatial): 1 spatial dim for Conv1d, 2 for Conv2d, 3 for Conv3d.
signal = torch.randn(4, 2, 50, device=device)  # e.g. audio: 2 channels, 50 samples
image = torch.randn(4, 3, 32, 32, device=device)  # RGB 32x32
volume = torch.randn(4, 1, 8, 16, 16, device=device)  # depth 8, 16x16

conv1d = nn.Conv1d(2, 6, kernel_size=5).to(device)
conv2d = nn.Conv2d(3, 8, kernel_size=3, padding=1).to(device)  # padding 1 keeps 32x32
conv2d_s2 = nn.Conv2d(3, 8, kernel_size=3, stride=2, padding=1).to(device)
conv3d = nn.Conv3d(1, 4, kernel_size=3).to(device)
# Transposed conv with the same settings maps 16x16 back to 32x32 (output_padding picks 32 over 31).
deconv = nn.ConvTranspose2d(8, 3, kernel_size=3, stride=2, padding=1, output_padding=1).to(device)

rows = [
    ("Conv1d(2, 6, k=5)", conv1d, signal),
    ("Conv2d(3, 8, k=3, p=1)", conv2d, image),
    ("Conv2d(3, 8, k=3, s=2, p=1)", conv2d_s2, image),
    ("Conv3d(1, 4, k=3)", conv3d, volume),
    ("ConvTranspose2d(8, 3, s=2)", deconv, conv2d_s2(image)),
]
print(f"{'layer':<28} {'input':<20} output")
outputs = {}
for name, layer, x in rows:
    outputs[name] = layer(x)
    print(f"{name:<28} {tuple(x.shape)!s:<20} {tuple(outputs[name].shape)}")

# Each spatial size follows floor((size + 2*padding - kernel) / stride) + 1.
print("Conv2d s=2 by formula:", (32 + 2 * 1 - 3) // 2 + 1)

# Weight: (out_channels, in_channels / groups, *kernel); transposed conv: (in, out / groups, *kernel).
grouped = nn.Conv2d(4, 8, kernel_size=3, groups=2)  # two groups, each 2 channels in and 4 out
layers = [("Conv2d", conv2d), ("Conv2d(4, 8, groups=2)", grouped), ("Conv3d", conv3d)]
for name, layer in [*layers, ("ConvTranspose2d", deconv)]:
    print(f"{name} weight {tuple(layer.weight.shape)}")

# Channels must match: a grayscale image into a 3-channel conv fails with a clear message.
try:
    conv2d(torch.randn(4, 1, 32, 32, device=device))
except RuntimeError as err:
    print("RuntimeError:", err)
