"""Image datasets without a download: FakeData generates images, ImageFolder reads class-named folders."""

import tempfile
from pathlib import Path

import torch
from torch.utils.data import DataLoader
from torchvision import datasets
from torchvision.transforms import v2

to_tensor = v2.Compose([v2.ToImage(), v2.ToDtype(torch.float32, scale=True)])

# FakeData: image i is generated from seed i + random_offset, so it is the same on every run.
fake = datasets.FakeData(size=6, image_size=(3, 8, 8), num_classes=2, random_offset=0)
image, label = fake[0]
print("FakeData[0]:", type(image).__name__, image.size, image.mode, "| label:", label)
print("labels:", [fake[i][1] for i in range(len(fake))])
print("same index, same image:", torch.equal(to_tensor(fake[2][0]), to_tensor(fake[2][0])))
print("first pixel of images 0 and 1:", fake[0][0].getpixel((0, 0)), fake[1][0].getpixel((0, 0)))

# ImageFolder: root/<class name>/<any file>.png; classes are the sorted folder names.
with tempfile.TemporaryDirectory() as tmp:
    root = Path(tmp)
    for i in range(len(fake)):
        img, cls = fake[i]
        folder = root / ("cat" if cls == 0 else "dog")
        folder.mkdir(exist_ok=True)
        img.save(folder / f"{i}.png")  # PNG is lossless: the same pixels come back
    files = sorted(p.relative_to(root).as_posix() for p in root.rglob("*.png"))
    print("files:", files)

    folder_data = datasets.ImageFolder(root, transform=to_tensor)
    print("classes:", folder_data.classes, "| class_to_idx:", folder_data.class_to_idx)
    print("targets:", folder_data.targets)
    images, targets = next(iter(DataLoader(folder_data, batch_size=4)))
    print("first batch:", tuple(images.shape), images.dtype, "| targets:", targets.tolist())

    # Sample 1 is cat/2.png, written from FakeData image 2: the pixels survived the round trip.
    print("sample 1 is", Path(folder_data.samples[1][0]).relative_to(root).as_posix(), end=" ")
    print("| equal to FakeData[2]:", torch.equal(images[1], to_tensor(fake[2][0])))
