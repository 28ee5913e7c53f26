# run: torchrun --standalone --nproc-per-node 4 snippets/fsdp_resume/hsdp.py
"""HSDP on a 2 x 2 device mesh: each parameter is sharded along one dimension of the mesh and replicated
along the other."""

import datetime

import torch
import torch.distributed as dist
from torch import nn
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.fsdp import fully_shard


def main():
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=60))
    rank = dist.get_rank()
    # 4 ranks as 2 rows of 2, say 2 machines of 2 GPUs: shard within a machine, replicate across machines.
    mesh = init_device_mesh("cpu", (2, 2), mesh_dim_names=("replicate", "shard"))
    torch.manual_seed(0)  # the same start on every rank
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
    full = model[0].weight.detach().clone()  # before sharding
    for layer in (model[0], model[2]):
        fully_shard(layer, mesh=mesh)  # a 2-D mesh: HSDP
    fully_shard(model, mesh=mesh)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    weight = model[0].weight
    row, column = mesh.get_coordinate()  # this rank's place in the mesh
    mine = torch.equal(weight.to_local(), full.chunk(2)[column])  # the column picks the shard
    print(f"rank {rank}: mesh coordinate ({row}, {column}), {weight.placements},", end=" ")
    print(f"local {tuple(weight.to_local().shape)} of {tuple(weight.shape)}, rows of shard {column}: {mine}")

    torch.manual_seed(rank)  # a different batch on each rank
    model(torch.randn(4, 4)).square().mean().backward()  # reduce-scatter in a row, all-reduce across rows
    optimizer.step()
    local = weight.to_local().detach()
    copies = [torch.zeros_like(local), torch.zeros_like(local)]
    dist.all_gather(copies, local, group=mesh.get_group("replicate"))  # this shard on both rows
    print(f"rank {rank}: after a step, my shard equals its replica: {torch.equal(copies[0], copies[1])}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
