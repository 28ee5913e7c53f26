# run: torchrun --standalone --nproc-per-node 4 snippets/collectives/reduce_scatter.py
# figure: reduce_scatter.png
"""reduce-scatter: the ranks' tensors are summed and each rank keeps one piece of the sum."""

import datetime
import os

import torch
import torch.distributed as dist
from matplotlib import colormaps
from matplotlib.figure import Figure

COLOUR = colormaps["Pastel1"]  # COLOUR(r): rank r's own data in the picture; grey: combined from all ranks


def draw(path, title, before, after, before_colours, after_colours) -> None:
    """Before and after side by side: a row per rank, a cell per element, coloured by where it came from."""
    fig = Figure(figsize=(6.4, 1.8), layout="constrained")
    left, right = fig.subplots(1, 2)
    labels = [f"rank {r}" for r in range(len(before))]
    for ax, cells, colours in ((left, before, before_colours), (right, after, after_colours)):
        ax.table(cells, cellColours=colours, rowLabels=labels, cellLoc="center", bbox=(0.15, 0, 0.85, 1))
        ax.axis("off")
    left.set_title("before")
    right.set_title(title)
    fig.savefig(path, dpi=100, metadata={"Software": None})  # same data, same bytes


def main() -> None:
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", int(os.environ["LOCAL_RANK"])) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if cuda else "gloo", timeout=datetime.timedelta(seconds=60))
    rank, world = dist.get_rank(), dist.get_world_size()

    # One element per rank: with 4 ranks, rank 0 holds [0, 1, 2, 3], rank 1 [10, 11, 12, 13] ...
    mine = torch.arange(float(world), device=device) + 10 * rank
    piece = torch.empty(1, device=device)  # this rank's piece of the result: 1/world of it
    dist.reduce_scatter_single(piece, mine)  # sum over the ranks (op=SUM), then rank r keeps piece r
    print(f"rank {rank} before: {mine.tolist()}")
    print(f"rank {rank} after reduce_scatter_single: {piece.tolist()}")

    rows = [None] * world if rank == 0 else None  # only rank 0 draws: it collects what every rank held
    dist.gather_object((mine.tolist(), piece.item()), rows, dst=0)
    if rank == 0:
        before, after, before_colours, after_colours = [], [], [], []
        for r in range(world):
            before.append([f"{v:g}" for v in rows[r][0]])
            before_colours.append([COLOUR(r)] * world)  # rank r's own numbers
            after.append([""] * world)  # rank r keeps only piece r, drawn in its column
            after[r][r] = f"{rows[r][1]:g}"
            after_colours.append(["white"] * world)
            after_colours[r][r] = "lightgrey"  # a sum over all ranks
        draw("reduce_scatter.png", "after reduce_scatter", before, after, before_colours, after_colours)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
