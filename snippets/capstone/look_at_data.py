# figure: digits.png
"""A first look at the data: scikit-learn's 1,797 handwritten digits, 8x8 pixels each, labelled 0 to 9."""

import torch
from matplotlib.figure import Figure
from sklearn.datasets import load_digits  # in the scikit-learn package itself: no download

digits = load_digits()
print(digits.DESCR.splitlines()[2])  # the data set's name, from its own description
images = torch.tensor(digits.images)  # numpy float64 -> a tensor of the same dtype
labels = torch.tensor(digits.target)
print("images:", tuple(images.shape), images.dtype, "| labels:", tuple(labels.shape), labels.dtype)
print("pixel values:", images.min().item(), "to", images.max().item())
print("images per digit:", torch.bincount(labels).tolist())

# Each pixel counts the inked dots in a 4x4 block of the original 32x32 scan: 0 (blank) to 16 (all ink).
print(f"image 0 shows a {labels[0].item()}:")
for row in images[0].int().tolist():
    print(" ".join(f"{value:2d}" for value in row))

fig = Figure(figsize=(8, 2.2), layout="constrained")
axes = fig.subplots(2, 10)
for digit in range(10):
    first_two = (labels == digit).nonzero().flatten()[:2]  # the first two images of each digit
    for row in range(2):
        ax = axes[row, digit]
        ax.imshow(images[first_two[row]].numpy(), cmap="gray_r", vmin=0, vmax=16)  # dark ink on white
        ax.set_title(str(digit), fontsize=9)
        ax.set_axis_off()
fig.savefig("digits.png", dpi=100, metadata={"Software": None})
