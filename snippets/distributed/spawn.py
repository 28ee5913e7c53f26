"""Without torchrun: mp.spawn starts the processes, and each one is told its rank and the world size."""

import datetime
import os
import socket

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def worker(rank: int, world_size: int, launcher_pid: int) -> None:
    """mp.spawn calls this in each new process with its index first: here that index is the rank."""
    if torch.cuda.is_available():
        torch.cuda.set_device(rank)
    backend = "nccl" if torch.cuda.is_available() else "gloo"
    device = torch.device("cuda", rank) if torch.cuda.is_available() else torch.device("cpu")
    # env:// reads MASTER_ADDR and MASTER_PORT; world_size and rank are given explicitly.
    dist.init_process_group(
        backend,
        init_method="env://",
        world_size=world_size,
        rank=rank,
        timeout=datetime.timedelta(seconds=60),  # a missing peer fails in a minute instead of hanging
    )
    value = torch.tensor([float(rank + 1)], device=device)
    dist.all_reduce(value)  # sum over ranks: 1 + 2
    seen = [None] * world_size
    dist.all_gather_object(seen, (rank, os.getpid() != launcher_pid, value.item()))
    if rank == 0:  # one rank prints, so the output keeps its order
        for r, own_process, total in seen:
            print(f"rank {r}: not the launcher's process {own_process}, all_reduce sum {total}")
    dist.destroy_process_group()


if __name__ == "__main__":
    with socket.socket() as s:  # ask the OS for a free port, so parallel jobs never collide
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(port)
    world_size = torch.cuda.device_count() or 2  # one process per GPU; two CPU processes otherwise
    mp.spawn(worker, args=(world_size, os.getpid()), nprocs=world_size, join=True)
    print("mp.spawn returned: every process exited with code 0")
