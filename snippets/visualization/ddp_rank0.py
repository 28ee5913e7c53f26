# run: torchrun --standalone --nproc-per-node 2 snippets/visualization/ddp_rank0.py
"""Under DDP every rank computes, but only rank 0 creates a SummaryWriter and logs the all-reduced loss."""

import datetime
import os
from pathlib import Path

import torch
import torch.distributed as dist
from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
from torch import nn
from torch.nn.parallel import DistributedDataParallel
from torch.utils.tensorboard import SummaryWriter


def main() -> None:
    local_rank = int(os.environ["LOCAL_RANK"])
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", local_rank) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if cuda else "gloo", timeout=datetime.timedelta(seconds=60))
    rank, world = dist.get_rank(), dist.get_world_size()

    torch.manual_seed(0)  # the same start on every rank
    ddp = DistributedDataParallel(nn.Linear(4, 1).to(device), device_ids=[local_rank] if cuda else None)
    optimizer = torch.optim.SGD(ddp.parameters(), lr=0.1)
    torch.manual_seed(100 + rank)  # a different batch on each rank
    x, y = torch.randn(16, 4).to(device), torch.randn(16, 1).to(device)  # drawn on the CPU

    writer = SummaryWriter("runs/ddp") if rank == 0 else None  # one writer for the whole job
    for step in range(4):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(ddp(x), y)
        loss.backward()
        optimizer.step()
        mean = loss.detach().clone()
        dist.all_reduce(mean)  # every rank takes part in the collective...
        mean /= world
        if writer is not None:  # ...but only rank 0 writes
            writer.add_scalar("train/loss", mean.item(), step)
    if writer is not None:
        writer.close()
    dist.barrier()  # the event file is complete before anyone looks

    mine = [f for f in Path("runs").rglob("events.out.tfevents.*") if f".{os.getpid()}." in f.name]
    print(f"rank {rank}: has a writer: {writer is not None}, event files from this process: {len(mine)}")
    if rank == 0:
        print("run directories:", sorted(p.name for p in Path("runs").iterdir()))
        acc = EventAccumulator("runs/ddp").Reload()
        print("logged loss:", [(e.step, round(e.value, 4)) for e in acc.Scalars("train/loss")])
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
