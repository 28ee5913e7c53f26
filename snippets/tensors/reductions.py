# figure: reductions.png
"""Reductions: sum and mean over everything or along one dim, which disappears unless keepdim=True."""

import torch
from matplotlib.figure import Figure  # draws to a file, no window or GUI backend needed
from matplotlib.patches import Rectangle

x = torch.arange(6.0).reshape(2, 3)
print(x)
print("x.sum():", x.sum().item(), "| shape", tuple(x.sum().shape))

# dim says which dimension is summed away: it is missing from the result's shape.
down = x.sum(dim=0)  # adds the 2 rows together: one number per column
across = x.sum(dim=1)  # adds along each row: one number per row
kept = x.sum(dim=1, keepdim=True)  # the same sums, dim 1 kept with size 1
print("x.sum(dim=0):", down.tolist(), "| shape", tuple(down.shape))
print("x.sum(dim=1):", across.tolist(), "| shape", tuple(across.shape))
print("x.sum(dim=1, keepdim=True):", kept.tolist(), "| shape", tuple(kept.shape))
print("x.mean(dim=1):", x.mean(dim=1).tolist(), "| x.max(dim=0).values:", x.max(dim=0).values.tolist())

# keepdim=True lets the result line up with x again: subtract each row's mean from that row.
centered = x - x.mean(dim=1, keepdim=True)  # (2, 3) - (2, 1)
print("x - row means:", centered.tolist())
try:
    x - x.mean(dim=1)  # (2, 3) - (2,): the 2 is lined up against the 3 columns
except RuntimeError as err:
    print("without keepdim:", err)

# mean needs floating-point numbers; an integer tensor has to be converted first.
try:
    torch.arange(6).mean()
except RuntimeError as err:
    print("RuntimeError:", err)
print("torch.arange(6).float().mean():", torch.arange(6).float().mean().item())


def cells(ax, grid, left, top, color):
    """Draw a 2-d tensor as a grid of cells whose top left corner is at (left, top)."""
    rows, cols = grid.shape
    for i in range(rows):
        for j in range(cols):
            ax.add_patch(Rectangle((left + j, top - 1 - i), 1, 1, fc=color, ec="white", lw=2))
            label = f"{grid[i, j].item():g}"
            ax.text(left + j + 0.5, top - 0.5 - i, label, ha="center", va="center", color="white")


# The picture: the column sums land under x (dim 0 is gone), the row sums to its right (dim 1 has size 1).
fig = Figure(figsize=(6.4, 3.2), layout="constrained")
ax = fig.subplots()
cells(ax, x, 0, 3.5, "#4c72b0")
cells(ax, down.reshape(1, 3), 0, 1, "#c44e52")  # (3,) drawn as the one row it is
cells(ax, kept, 3.8, 3.5, "#c44e52")
ax.annotate("", xy=(1.5, 1.05), xytext=(1.5, 1.45), arrowprops={"arrowstyle": "->", "lw": 1.5})
ax.annotate("", xy=(3.75, 2.5), xytext=(3.05, 2.5), arrowprops={"arrowstyle": "->", "lw": 1.5})
ax.text(1.5, 3.6, "x: (2, 3)", ha="center", va="bottom")
ax.text(3.1, 0.5, "x.sum(dim=0): (3,)", va="center")
ax.text(4.95, 2.5, "x.sum(dim=1,\nkeepdim=True): (2, 1)", va="center")
ax.set(xlim=(-0.1, 7.4), ylim=(-0.1, 4.1), aspect="equal")
ax.axis("off")
fig.savefig("reductions.png", dpi=100, metadata={"Software": None})  # same data, same bytes
