# run: torchrun --standalone --nproc-per-node 4 snippets/collectives/all_gather.py
# figure: all_gather.png
"""all-gather: every rank puts in a piece and every rank gets back all the pieces, in rank order."""

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

    mine = torch.tensor([10.0 * rank], device=device)  # one piece per rank: [0], [10], [20], [30]
    everyone = torch.empty(world, device=device)  # room for every piece, in rank order
    dist.all_gather_single(everyone, mine)
    print(f"rank {rank} before: {mine.tolist()}")
    print(f"rank {rank} after all_gather_single: {everyone.tolist()}")

    rows = [None] * world if rank == 0 else None  # only rank 0 draws: it collects what every rank held
    dist.gather_object((mine.item(), everyone.tolist()), rows, dst=0)
    if rank == 0:
        before, after, before_colours, after_colours = [], [], [], []
        for r in range(world):
            before.append([""] * world)  # rank r holds one piece, drawn where it will land
            before[r][r] = f"{rows[r][0]:g}"
            before_colours.append(["white"] * world)
            before_colours[r][r] = COLOUR(r)
            after.append([f"{v:g}" for v in rows[r][1]])
            after_colours.append([COLOUR(c) for c in range(world)])  # piece c came from rank c
        draw("all_gather.png", "after all_gather", before, after, before_colours, after_colours)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
