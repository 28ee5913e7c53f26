# figure: broadcasting.png
"""Broadcasting lines shapes up from the right; each pair of sizes must be equal or one of them 1."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import torch

# (3, 1) and (4,): align on the right -> (3, 1) vs (1, 4) -> result (3, 4).
column = torch.tensor([[0.0], [10.0], [20.0]])
row = torch.tensor([1.0, 2.0, 3.0, 4.0])
table = column + row
print(tuple(column.shape), "+", tuple(row.shape), "->", tuple(table.shape))
print(table)

# Missing leading dims count as 1: (2, 1, 3) and (4, 1) -> (2, 1, 3) vs (1, 4, 1) -> (2, 4, 3).
three_d = torch.zeros(2, 1, 3) + torch.zeros(4, 1)
print("(2, 1, 3) + (4, 1) ->", tuple(three_d.shape))

# (2, 3) and (4, 3): the leading sizes 2 and 4 differ and neither is 1.
try:
    torch.ones(2, 3) + torch.ones(4, 3)
except RuntimeError as err:
    print("RuntimeError:", err)

# broadcast_tensors shows the two (3, 4) operands the addition reads.
column_wide, row_wide = torch.broadcast_tensors(column, row)
print("column stretched:", column_wide.tolist())
print("row stretched:   ", row_wide.tolist())

# They are views, not copies: a value written into row shows up in every row of row_wide.
# repeat, by contrast, really copies the data, so its rows keep the old value.
repeated = row.repeat(3, 1)
row[0] = 100.0
print("row_wide[:, 0] after row[0] = 100:", row_wide[:, 0].tolist())
print("repeated[:, 0] after row[0] = 100:", repeated[:, 0].tolist())
row[0] = 1.0  # put the value back for the figure below


def draw(panels, path):
    """One grid per tensor: dark cells are stored, pale cells are the same values read again."""
    fig, axes = plt.subplots(1, len(panels), figsize=(9, 2.4))
    for ax, (title, wide, stored) in zip(axes, panels, strict=True):
        rows, cols = wide.shape
        for i in range(rows):
            for j in range(cols):
                real = i < stored[0] and j < stored[1]
                box = plt.Rectangle((j, rows - 1 - i), 1, 1, fc="#4c72b0" if real else "#d9e1ef", ec="white")
                ax.add_patch(box)
                style = {"ha": "center", "va": "center", "color": "white" if real else "#333"}
                ax.text(j + 0.5, rows - 0.5 - i, f"{wide[i, j].item():g}", **style)
        ax.set(xlim=(0, cols), ylim=(0, rows), aspect="equal", title=title)
        ax.axis("off")
    fig.savefig(path, dpi=100, metadata={"Software": None})  # same data, same bytes
    plt.close(fig)


stored = [("column (3, 1) -> (3, 4)", column_wide, (3, 1)), ("row (4,) -> (3, 4)", row_wide, (1, 4))]
draw([*stored, ("column + row: (3, 4)", table, (3, 4))], "broadcasting.png")
