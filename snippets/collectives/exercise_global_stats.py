# run: torchrun --standalone --nproc-per-node 4 snippets/collectives/exercise_global_stats.py
"""Exercise: the mean and standard deviation of data split unevenly across ranks, with one all_reduce."""

import datetime
import math
import os

import torch
import torch.distributed as dist


def local_data(rank: int) -> torch.Tensor:
    """Rank r's share: 3 + r samples from its own seed, so any process can draw any rank's share again."""
    generator = torch.Generator().manual_seed(rank)
    return 5 + 2 * torch.randn(3 + rank, generator=generator, dtype=torch.float64)


def main() -> None:
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", int(os.environ["LOCAL_RANK"])) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if cuda else "gloo", timeout=datetime.timedelta(seconds=60))
    rank, world = dist.get_rank(), dist.get_world_size()

    x = local_data(rank).to(device)
    # Counts, sums and sums of squares add up across ranks; means do not (the shares differ in size).
    # Packed into one tensor, they travel in a single all_reduce.
    stats = torch.stack([torch.tensor(len(x), dtype=x.dtype, device=device), x.sum(), (x * x).sum()])
    dist.all_reduce(stats)
    n, total, squares = stats.tolist()
    mean = total / n
    std = math.sqrt((squares - n * mean * mean) / (n - 1))  # n - 1: the unbiased estimate, as torch.std
    print(f"rank {rank}: {len(x)} of {n:.0f} samples | global mean {mean:.6f} | global std {std:.6f}")

    if rank == 0:  # check: one process that holds all the data
        everything = torch.cat([local_data(r) for r in range(world)])
        print(f"one process, all the data: mean {everything.mean():.6f} | std {everything.std():.6f}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
