"""DistributedSampler: each rank gets its own shard of the indices, reshuffled by set_epoch."""

from torch.utils.data import DistributedSampler

dataset = list(range(10))  # anything with a length; the sampler only hands out indices


def shards(world_size: int, epoch: int = 0, **kwargs) -> list[list[int]]:
    """What each rank's sampler yields. Inside a job num_replicas and rank come from the process group."""
    out = []
    for rank in range(world_size):
        sampler = DistributedSampler(dataset, num_replicas=world_size, rank=rank, seed=0, **kwargs)
        sampler.set_epoch(epoch)  # every rank calls it with the same epoch, before iterating
        out.append(list(sampler))
    return out


epoch0, epoch1 = shards(2, epoch=0), shards(2, epoch=1)
for rank in range(2):
    print(f"rank {rank}: epoch 0 {epoch0[rank]}  epoch 1 {epoch1[rank]}")
print("epoch 0, both shards together:", sorted(epoch0[0] + epoch0[1]))

# 10 samples on 3 ranks: by default the shuffled list is padded with its own first indices...
padded = shards(3)
print("3 ranks:", padded, "| handed out:", sorted(i for shard in padded for i in shard))
# ...or, with drop_last=True, cut to a multiple of 3.
dropped = shards(3, drop_last=True)
print("3 ranks, drop_last:", dropped, "| never seen:", sorted(set(dataset) - {i for s in dropped for i in s}))

# Forgetting set_epoch: every epoch repeats the order of epoch 0.
stale = DistributedSampler(dataset, num_replicas=2, rank=0, seed=0)
print("no set_epoch, rank 0 twice:", list(stale), list(stale))

# For evaluation, shuffle=False: rank r takes r, r + n, r + 2n, ...
print("shuffle=False:", shards(2, shuffle=False))
