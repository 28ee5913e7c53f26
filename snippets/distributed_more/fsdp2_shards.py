# run: torchrun --standalone --nproc-per-node 2 snippets/distributed_more/fsdp2_shards.py
"""FSDP2: after fully_shard each rank keeps one shard of every parameter; a layer is whole only in use."""

import datetime
import os

import torch
import torch.distributed as dist
from torch import nn
from torch.distributed.fsdp import fully_shard


def main() -> None:
    local_rank = int(os.environ["LOCAL_RANK"])
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", local_rank) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if cuda else "gloo", timeout=datetime.timedelta(seconds=60))
    rank, world = dist.get_rank(), dist.get_world_size()
    torch.manual_seed(0)  # the same start on every rank
    model = nn.Sequential(nn.Linear(4, 6), nn.Tanh(), nn.Linear(6, 5)).to(device)
    full = {name: p.detach().clone() for name, p in model.named_parameters()}  # before sharding

    def show(layer, args):  # runs at the start of model[0]'s forward
        w = layer.weight
        print(f"rank {rank}: inside forward, 0.weight is a {type(w).__name__} of shape {tuple(w.shape)}")

    model[0].register_forward_pre_hook(show)
    for layer in (model[0], model[2]):
        fully_shard(layer)  # each Linear is one unit: gathered, used and freed on its own
    fully_shard(model)  # the root unit takes whatever is left (here: nothing)

    mine = 0
    for name, p in model.named_parameters():
        local = p.to_local()  # the part this rank stores
        rows = torch.equal(local, full[name].chunk(world)[rank])  # rank r holds chunk r of dim 0
        mine += local.numel()
        print(f"rank {rank}: {name} {type(p).__name__} {tuple(p.shape)}, {p.placements},", end=" ")
        print(f"local {tuple(local.shape)}, my rows of the full tensor: {rows}")
    total = sum(t.numel() for t in full.values())
    print(f"rank {rank}: stores {mine} of {total} parameter values")

    model(torch.randn(8, 4, device=device))
    w = model[0].weight
    print(f"rank {rank}: after forward, 0.weight is a {type(w).__name__}, local {tuple(w.to_local().shape)}")
    whole = all(torch.equal(p.full_tensor(), full[n]) for n, p in model.named_parameters())  # all-gather
    print(f"rank {rank}: full_tensor() gives back the unsharded parameters: {whole}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
