# run: torchrun --standalone --nproc-per-node 4 snippets/collectives/all_reduce.py
# figure: all_reduce.png
"""all-reduce: every rank puts in a tensor and every rank gets back the sum (or the average) of them all."""

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

    mine = torch.arange(4.0, device=device) + 10 * rank  # rank 0: [0, 1, 2, 3], rank 1: [10, 11, 12, 13] ...
    total = mine.clone()  # all_reduce writes the result into the tensor it is given: keep `mine` as it was
    dist.all_reduce(total)  # op=dist.ReduceOp.SUM is the default
    average = mine.clone()
    dist.all_reduce(average, op=dist.ReduceOp.AVG)
    print(f"rank {rank} before: {mine.tolist()}")
    print(f"rank {rank} after SUM: {total.tolist()}")
    print(f"rank {rank} after AVG: {average.tolist()}")

    rows = [None] * world if rank == 0 else None  # only rank 0 draws: it collects what every rank held
    dist.gather_object((mine.tolist(), total.tolist()), rows, dst=0)
    if rank == 0:
        before, after, before_colours, after_colours = [], [], [], []
        for r in range(world):
            before.append([f"{v:g}" for v in rows[r][0]])
            after.append([f"{v:g}" for v in rows[r][1]])
            before_colours.append([COLOUR(r)] * 4)  # rank r's own numbers
            after_colours.append(["lightgrey"] * 4)  # every element is now a sum over all ranks
        draw("all_reduce.png", "after all_reduce (SUM)", before, after, before_colours, after_colours)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
