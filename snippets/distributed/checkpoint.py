# run: torchrun --standalone --nproc-per-node 2 snippets/distributed/checkpoint.py
"""Checkpoints in a DDP job: rank 0 writes, a barrier makes the others wait, every rank loads it."""

import datetime
import os

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel


def main() -> None:
    local_rank = int(os.environ["LOCAL_RANK"])
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", local_rank) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if cuda else "gloo", timeout=datetime.timedelta(seconds=60))
    rank = dist.get_rank()

    torch.manual_seed(0)
    ddp = DistributedDataParallel(nn.Linear(4, 2).to(device), device_ids=[local_rank] if cuda else None)
    torch.manual_seed(rank)  # a different batch on each rank
    ddp(torch.randn(8, 4, device=device)).square().mean().backward()
    torch.optim.SGD(ddp.parameters(), lr=0.1).step()  # the weights are the same on every rank again

    path = "checkpoint.pt"  # on a shared filesystem when the job spans several machines
    if rank == 0:  # one writer: two ranks writing the same file can leave it corrupt
        torch.save(ddp.module.state_dict(), path)  # .module: keys without the "module." prefix
        print("rank 0 saved:", list(ddp.module.state_dict()))
    dist.barrier()  # nobody reads before rank 0 has finished writing

    # Tensors saved from cuda:0 would load onto cuda:0 in every process; map them to this rank's device.
    map_location = {"cuda:0": f"cuda:{local_rank}"} if cuda else "cpu"
    state = torch.load(path, map_location=map_location, weights_only=True)
    restored = nn.Linear(4, 2).to(device)
    restored.load_state_dict(state)
    same = all(torch.equal(a, b) for a, b in zip(restored.parameters(), ddp.module.parameters(), strict=True))
    print(f"rank {rank}: loaded onto {state['weight'].device}, equal to the trained weights: {same}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
