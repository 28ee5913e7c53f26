"""Exercise: run a program written for torchrun, unchanged, under mp.spawn, by giving each process torchrun's
environment variables."""

import os
import socket

import torch.distributed as dist
import torch.multiprocessing as mp


def main() -> None:
    """A torchrun program: it reads everything from the environment and knows nothing of mp.spawn."""
    dist.init_process_group("gloo")  # env://: MASTER_ADDR, MASTER_PORT, RANK, WORLD_SIZE
    keys = ("RANK", "LOCAL_RANK", "WORLD_SIZE", "LOCAL_WORLD_SIZE")
    mine = {key: int(os.environ[key]) for key in keys}
    everyone = [None] * dist.get_world_size()
    dist.all_gather_object(everyone, mine)
    if dist.get_rank() == 0:
        for env in everyone:
            print("  ".join(f"{key}={value}" for key, value in env.items()))
    dist.destroy_process_group()


def as_torchrun(local_rank: int, nproc: int, node_rank: int, nnodes: int, port: int) -> None:
    """What torchrun does before it calls the program: the numbers, as environment variables."""
    os.environ.update(
        RANK=str(node_rank * nproc + local_rank),  # machines before this one, then this machine's number
        LOCAL_RANK=str(local_rank),
        WORLD_SIZE=str(nnodes * nproc),
        LOCAL_WORLD_SIZE=str(nproc),
        MASTER_ADDR="127.0.0.1",
        MASTER_PORT=str(port),
    )
    main()


if __name__ == "__main__":
    with socket.socket() as s:  # a free port, as in spawn.py
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    mp.spawn(as_torchrun, args=(2, 0, 1, port), nprocs=2, join=True)  # 2 processes on machine 0 of 1
    print("mp.spawn returned")
