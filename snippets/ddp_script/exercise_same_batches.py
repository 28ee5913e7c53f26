"""Exercise: without starting a process, check that step k of W processes with B images each holds the images
of step k of one process with W x B, for W = 2, 3, 4; then find the step that differs without drop_last."""

import torch
from torch.utils.data import DataLoader, DistributedSampler

N, B, EPOCH = 1437, 64, 5  # train_ddp.py's training set and batch size, any epoch


def steps(world, rank, batch_size, drop_last):
    """The indices in each step of one rank, as train_ddp.py's DataLoader draws them."""
    sampler = DistributedSampler(range(N), num_replicas=world, rank=rank, seed=0)  # seed=SEED
    sampler.set_epoch(EPOCH)
    return list(DataLoader(range(N), batch_size=batch_size, sampler=sampler, drop_last=drop_last))


for drop_last in (True, False):
    for world in (2, 3, 4):
        alone = steps(1, 0, world * B, drop_last)  # one process, W x B images per step
        ranks = [steps(world, rank, B, drop_last) for rank in range(world)]
        differ = []
        for k in range(len(alone)):
            together = torch.cat([rank_steps[k] for rank_steps in ranks])  # every rank's step k
            if not torch.equal(together.sort().values, alone[k].sort().values):
                differ.append(f"step {k + 1}: {len(alone[k])} images alone, {len(together)} together")
        print(f"drop_last={drop_last}, {world} processes: {len(alone)} steps, different steps: {differ}")
