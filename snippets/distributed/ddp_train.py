# run: torchrun --standalone --nproc-per-node 2 snippets/distributed/ddp_train.py
"""Proof: N DDP steps on 2 ranks = N steps of one process on the two ranks' batches put together."""

import copy
import datetime
import os

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


def train(model, steps, device) -> torch.Tensor:
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in steps:  # one SGD step per (x, y)
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x.to(device)), y.to(device)).backward()
        optimizer.step()
    return nn.utils.parameters_to_vector(model.parameters()).detach()  # all parameters in one vector


def batches(data, world: int, rank: int, epochs: int = 2) -> list:
    sampler = DistributedSampler(data, num_replicas=world, rank=rank, seed=0, drop_last=True)
    out = []
    for epoch in range(epochs):
        sampler.set_epoch(epoch)  # a new shuffle each epoch, the same on every rank
        out += DataLoader(data, batch_size=4, sampler=sampler)
    return out


def main() -> None:
    local_rank = int(os.environ["LOCAL_RANK"])
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", local_rank) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if cuda else "gloo", timeout=datetime.timedelta(seconds=60))
    rank, world = dist.get_rank(), dist.get_world_size()
    data = TensorDataset(*torch.randn(64, 9, generator=torch.Generator().manual_seed(1)).split([8, 1], dim=1))
    per_rank = [batches(data, world, r) for r in range(world)]  # any rank can work out every shard
    torch.manual_seed(0)  # the same start on every rank
    model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 1)).to(device)
    alone = copy.deepcopy(model)  # the same start for the single-process run below
    ddp = DistributedDataParallel(model, device_ids=[local_rank] if cuda else None)
    flat = train(ddp, per_rank[rank], device)
    everyone = [torch.empty_like(flat) for _ in range(world)]
    dist.all_gather(everyone, flat)
    print(f"rank {rank}: {len(per_rank[rank])} steps, {sum(len(x) for x, _ in per_rank[rank])} samples")
    print("parameters identical on every rank:", all(torch.equal(p, flat) for p in everyone))
    combined = [[torch.cat(t) for t in zip(*step, strict=True)] for step in zip(*per_rank, strict=True)]
    single = train(alone, combined, device)  # one process; each step sees every rank's batch
    diff = (flat - single).abs().max().item()  # rounding only: the order of float additions differs
    print("largest |DDP - single process| below 1e-6:", diff < 1e-6, "| bitwise equal:", diff == 0)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
