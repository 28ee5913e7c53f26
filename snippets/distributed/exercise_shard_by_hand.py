"""Exercise: compute each rank's DistributedSampler shard by hand and check it against the real sampler."""

import itertools
import math

import torch
from torch.utils.data import DistributedSampler


def my_shard(n, world, rank, epoch=0, seed=0, shuffle=True, drop_last=False):
    """The indices rank `rank` of `world` gets from a dataset of n samples."""
    if shuffle:  # the same permutation on every rank: seeded by seed + epoch, no communication
        order = torch.randperm(n, generator=torch.Generator().manual_seed(seed + epoch)).tolist()
    else:
        order = list(range(n))
    if drop_last:
        order = order[: n // world * world]  # cut the tail to a multiple of world
    else:
        total = math.ceil(n / world) * world
        order = (order * math.ceil(total / n))[:total]  # pad by repeating from the start
    return order[rank::world]  # rank r takes r, r + world, r + 2 * world, ...


cases = 0
for n, world, epoch, shuffle, drop_last in itertools.product(
    (1, 3, 10, 17), (1, 2, 3, 4, 8), (0, 1), (True, False), (False, True)
):
    if drop_last and n < world:
        continue  # nothing would be left for anyone
    for rank in range(world):
        real = DistributedSampler(
            range(n), num_replicas=world, rank=rank, shuffle=shuffle, seed=0, drop_last=drop_last
        )
        real.set_epoch(epoch)
        assert list(real) == my_shard(n, world, rank, epoch, 0, shuffle, drop_last), (n, world, rank)
        cases += 1
print(f"my_shard matches DistributedSampler in all {cases} cases")


def used_twice_and_never(n, world, drop_last):
    counts = [0] * n
    for rank in range(world):
        for i in my_shard(n, world, rank, drop_last=drop_last):
            counts[i] += 1
    return sum(c == 2 for c in counts), sum(c == 0 for c in counts)


for n, world in ((10, 4), (17, 8)):
    for drop_last in (False, True):
        twice, never = used_twice_and_never(n, world, drop_last)
        print(f"{n} samples on {world} ranks, drop_last={drop_last}: used twice {twice}, never used {never}")
print("3 samples on 8 ranks (padded by repeating):", [my_shard(3, 8, r, shuffle=False) for r in range(8)])
