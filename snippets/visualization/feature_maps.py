# figure: feature_maps.png
"""Show what each filter of a conv layer responds to: its single-channel outputs laid out with make_grid."""

from pathlib import Path

import torch
from tensorboard.backend.event_processing.event_accumulator import IMAGES, EventAccumulator
from tensorboardX import SummaryWriter
from torch import nn
from torchvision.utils import make_grid

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"

# A 96x96 grey image: a bright disc and a bright square on a dark background.
ys, xs = torch.meshgrid(torch.arange(96.0), torch.arange(96.0), indexing="ij")
image = ((xs - 30) ** 2 + (ys - 33) ** 2 < 18**2).float()
image[54:84, 51:84] = 1.0
batch = image[None, None].to(device)  # N, C, H, W = 1, 1, 96, 96

conv = nn.Conv2d(1, 8, kernel_size=3, padding=1, bias=False).to(device)
with torch.no_grad():  # four hand-made filters first (edges, blur, corners), four random ones after
    sobel = torch.tensor([[-1.0, 0, 1], [-2, 0, 2], [-1, 0, 1]])
    conv.weight[0, 0] = sobel  # vertical edges
    conv.weight[1, 0] = sobel.T  # horizontal edges
    conv.weight[2, 0] = torch.full((3, 3), 1 / 9)  # blur
    conv.weight[3, 0] = torch.tensor([[0.0, 1, 0], [1, -4, 1], [0, 1, 0]])  # Laplacian: outlines
    maps = conv(batch)
print("conv output:", tuple(maps.shape))

# make_grid wants N images of C channels: make the 8 maps 8 one-channel images.
tiles = maps[0].unsqueeze(1).cpu()
print("as images:", tuple(tiles.shape))
print("range of each map:", [(round(t.min().item(), 2), round(t.max().item(), 2)) for t in tiles])
# scale_each: every map gets its own [min, max] -> [0, 1], so a weak map is as visible as a strong one.
grid = make_grid(tiles, nrow=4, padding=2, normalize=True, scale_each=True, pad_value=1.0)
print("grid:", tuple(grid.shape), "(one channel was repeated to three)")

with SummaryWriter("runs/features") as writer:
    writer.add_image("input", image[None], 0)
    writer.add_image("conv1/feature_maps", grid, 0)

acc = EventAccumulator("runs/features", size_guidance={IMAGES: 0}).Reload()
logged = acc.Images("conv1/feature_maps")[0]
print("logged:", acc.Tags()["images"], f"feature maps {logged.width}x{logged.height}")
Path("feature_maps.png").write_bytes(logged.encoded_image_string)  # the page shows the logged PNG itself
