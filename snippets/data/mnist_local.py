"""torchvision's MNIST reads files under root/MNIST/raw; download=False never touches the network."""

import struct
import tempfile
from pathlib import Path

import torch
from torchvision import datasets

with tempfile.TemporaryDirectory() as tmp:
    # Nothing under root yet: with download=False the dataset refuses at once.
    try:
        datasets.MNIST(root=tmp, train=True, download=False)
    except RuntimeError as err:
        print("empty root -> RuntimeError:", err)

    # The layout MNIST looks for: the four uncompressed IDX files in root/MNIST/raw/.
    # Real files come from a machine with internet access; here we write three tiny 2x2 "digits".
    raw = Path(tmp) / "MNIST" / "raw"
    raw.mkdir(parents=True)
    images = torch.tensor([[[0, 255], [255, 0]], [[255, 255], [0, 0]], [[9, 8], [7, 6]]], dtype=torch.uint8)
    labels = torch.tensor([7, 1, 4], dtype=torch.uint8)
    for split in ("train", "t10k"):
        # IDX header: magic number (0x0803 = uint8, 3 dims / 0x0801 = uint8, 1 dim), then each size.
        image_header, label_header = struct.pack(">4I", 0x0803, 3, 2, 2), struct.pack(">2I", 0x0801, 3)
        (raw / f"{split}-images-idx3-ubyte").write_bytes(image_header + images.numpy().tobytes())
        (raw / f"{split}-labels-idx1-ubyte").write_bytes(label_header + labels.numpy().tobytes())
    print("files:", sorted(p.relative_to(tmp).as_posix() for p in raw.iterdir()))

    # Point root at the folder that CONTAINS MNIST/, and keep download=False.
    mnist = datasets.MNIST(root=tmp, train=True, download=False)
    print("len:", len(mnist), "| data:", tuple(mnist.data.shape), mnist.data.dtype, end=" ")
    print("| targets:", mnist.targets.tolist())
    image, target = mnist[2]
    print("mnist[2]:", type(image).__name__, image.mode, image.size, "| label:", target, end=" ")
    print("| pixels:", [image.getpixel((x, y)) for y in range(2) for x in range(2)])

    # Pointing one level too deep is the usual mistake: it looks for root/MNIST/raw again.
    try:
        datasets.MNIST(root=raw, train=True, download=False)
    except RuntimeError as err:
        print("root=.../MNIST/raw -> RuntimeError:", err)
