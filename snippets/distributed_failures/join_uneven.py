# run: torchrun --standalone --nproc-per-node 2 snippets/distributed_failures/join_uneven.py
"""Uneven inputs: rank 0 has 3 batches, rank 1 has 5; under Join both finish, with the same parameters."""

import datetime
import os

import torch
import torch.distributed as dist
from torch import nn
from torch.distributed.algorithms.join import Join
from torch.nn.parallel import DistributedDataParallel


def main() -> None:
    local_rank = int(os.environ["LOCAL_RANK"])
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", local_rank) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if cuda else "gloo", timeout=datetime.timedelta(seconds=60))
    rank, world = dist.get_rank(), dist.get_world_size()
    torch.manual_seed(0)  # the same start on every rank
    model = DistributedDataParallel(nn.Linear(4, 1).to(device), device_ids=[local_rank] if cuda else None)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    torch.manual_seed(rank)
    n_batches = 3 if rank == 0 else 5  # uneven on purpose
    batches = [torch.randn(8, 5, device=device) for _ in range(n_batches)]

    steps = 0
    with Join([model]):  # a rank that runs out joins the others' all-reduces with zeros
        for batch in batches:
            optimizer.zero_grad()
            nn.functional.mse_loss(model(batch[:, :4]), batch[:, 4:]).backward()
            optimizer.step()
            steps += 1
        print(f"rank {rank}: trained on {steps} batches, my data is done")
        mine = [p.tolist() for p in model.parameters()]
    changed = mine != [p.tolist() for p in model.parameters()]  # rank 1 trained on; Join sent its model
    print(f"rank {rank}: left Join, parameters changed since my last step: {changed}")

    every = [None] * world
    dist.all_gather_object(every, [p.tolist() for p in model.parameters()])
    print(f"rank {rank}: same parameters on every rank: {all(p == every[0] for p in every)}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
