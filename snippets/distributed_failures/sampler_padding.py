"""Exercise: DistributedSampler evens out the ranks by repeating samples, or by dropping them."""

import torch
from torch.utils.data import DataLoader, DistributedSampler

dataset = torch.arange(10)  # 10 samples for 4 ranks
for drop_last in (False, True):
    # num_replicas and rank given explicitly: no process group is needed to see each rank's share
    samplers = [
        DistributedSampler(dataset, num_replicas=4, rank=r, shuffle=False, drop_last=drop_last)
        for r in range(4)
    ]
    shares = [list(s) for s in samplers]
    batches = [len(DataLoader(dataset, batch_size=2, sampler=s)) for s in samplers]
    seen = sorted(i for share in shares for i in share)
    print(f"drop_last={drop_last}: shares {shares}")
    print(f"  batches per rank {batches}, samples in the epoch {len(seen)}, distinct {len(set(seen))}")
