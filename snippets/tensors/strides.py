# figure: strides.png
"""A tensor, its transpose and a slice share one storage; offset and strides say where each element lives."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import torch

a = torch.arange(10, 70, 10).reshape(2, 3)
storage = a.view(-1).tolist()  # a is contiguous, so its flat view walks the storage in order
print("storage:", storage)


def storage_index(x, i, j):
    """Where element [i, j] of x lives in the storage: offset + i * stride[0] + j * stride[1]."""
    return x.storage_offset() + i * x.stride(0) + j * x.stride(1)


views = []
for name, x in [("a", a), ("a.t()", a.t()), ("a[:, 1:]", a[:, 1:])]:
    where = [[storage_index(x, i, j) for j in range(x.shape[1])] for i in range(x.shape[0])]
    views.append((name, x, where))
    print(f"{name}: shape {tuple(x.shape)} stride {x.stride()} offset {x.storage_offset()} | where: {where}")


def draw(storage, views, path):
    """The storage as a row of cells; each tensor's elements take the colour of the cell they read."""
    fig, ax = plt.subplots(figsize=(9, 3.6))
    colours = plt.get_cmap("tab10").colors

    def cell(x, y, k, text):
        ax.add_patch(plt.Rectangle((x, y), 1, 1, fc=colours[k], ec="white", alpha=0.75))
        ax.text(x + 0.5, y + 0.5, text, ha="center", va="center")

    for k, value in enumerate(storage):
        cell(1.5 + k, 4.6, k, str(value))
        ax.text(2 + k, 4.5, f"[{k}]", ha="center", va="top", fontsize=8)
    ax.text(1.3, 5.1, "storage", ha="right", va="center")
    left = 0
    for name, x, where in views:
        rows, cols = x.shape
        for i in range(rows):
            for j in range(cols):
                cell(left + j, 2 - i, where[i][j], str(x[i, j].item()))
        label = f"{name}\nstride {x.stride()}, offset {x.storage_offset()}"
        ax.text(left + cols / 2, 3.1, label, ha="center", va="bottom", fontsize=9)
        left += cols + 1.5
    ax.set(xlim=(-0.5, left - 1), ylim=(-0.2, 5.8), aspect="equal")
    ax.axis("off")
    fig.savefig(path, dpi=100, bbox_inches="tight", metadata={"Software": None})  # same data, same bytes
    plt.close(fig)


draw(storage, views, "strides.png")
