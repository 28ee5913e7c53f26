"""Lay a batch of images out as one picture with make_grid, and log it with add_image / add_images."""

import torch
from tensorboard.backend.event_processing.event_accumulator import IMAGES, EventAccumulator
from tensorboardX import SummaryWriter
from torchvision.utils import make_grid

torch.manual_seed(0)
# Six 3x16x16 "images" in [-1, 1], as after Normalize(mean=0.5, std=0.5): not displayable as they are.
images = torch.rand(6, 3, 16, 16) * 2 - 1
print("batch:", tuple(images.shape), "min/max:", round(images.min().item(), 3), round(images.max().item(), 3))

grid = make_grid(images, nrow=3, padding=2)  # 3 per row; 2-pixel border around every image
print("nrow=3, padding=2:", tuple(grid.shape))  # (3, 2 * (16 + 2) + 2, 3 * (16 + 2) + 2)
print("nrow=2, padding=0:", tuple(make_grid(images, nrow=2, padding=0).shape))
print("values unchanged:", round(grid.min().item(), 3), round(grid.max().item(), 3))

# normalize=True rescales to [0, 1] using the batch's min and max...
shown = make_grid(images, nrow=3, normalize=True)
print("normalize=True:", round(shown.min().item(), 3), round(shown.max().item(), 3))
# ...or using a fixed value_range: values outside it are clipped to 0 or 1.
clipped = make_grid(images, nrow=3, normalize=True, value_range=(-0.5, 0.5))
inner = clipped[:, 2:18, 2:18]  # the first image, without the padding
clipped_share = ((inner == 0) | (inner == 1)).float().mean().item()
print("value_range=(-0.5, 0.5), share clipped to 0 or 1:", round(clipped_share, 3))

try:  # the old name of value_range
    make_grid(images, range=(-1, 1))
except TypeError as err:
    print("TypeError:", err)

with SummaryWriter("runs/images") as writer:  # `with` closes (and so flushes) the writer at the end
    writer.add_image("batch/grid", shown, global_step=0)  # one CHW image with values in [0, 1]
    writer.add_images("batch/raw", (images + 1) / 2, global_step=0)  # NCHW: tensorboardX grids it itself
    writer.add_image("batch/hwc", shown.permute(1, 2, 0), global_step=0, dataformats="HWC")

acc = EventAccumulator("runs/images", size_guidance={IMAGES: 0}).Reload()  # 0: keep every image
for tag in acc.Tags()["images"]:
    image = acc.Images(tag)[0]
    print(f"{tag}: step {image.step}, {image.width}x{image.height} PNG, {image.encoded_image_string[:4]!r}")
