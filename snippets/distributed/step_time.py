# measured: [\d.]+ ms|\d+ samples/s|[\d.]+x
"""Time per step: 1 process against 2 DDP processes, each with a batch of 64 (so 2 do twice the work)."""

import datetime
import os
import tempfile
import time
from pathlib import Path

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch import nn
from torch.nn.parallel import DistributedDataParallel


def worker(rank: int, world: int, cuda: bool, port: int, result: str) -> None:
    torch.set_num_threads(1)  # one core per process: on 2 cores, 2 processes use the whole machine
    device = torch.device("cuda", rank) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)  # before NCCL starts: its work goes to the current device
    timeout = datetime.timedelta(seconds=60)
    store = dist.TCPStore("127.0.0.1", port, world, is_master=False, timeout=timeout)  # the parent's
    dist.init_process_group(
        "nccl" if cuda else "gloo", store=store, rank=rank, world_size=world, timeout=timeout
    )
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 10))
    ddp = DistributedDataParallel(model.to(device), device_ids=[rank] if cuda else None)
    optimizer = torch.optim.SGD(ddp.parameters(), lr=0.01)
    x, y = torch.randn(64, 784, device=device), torch.randint(0, 10, (64,), device=device)
    times = []
    for _ in range(35):
        start = time.perf_counter()
        optimizer.zero_grad()
        nn.functional.cross_entropy(ddp(x), y).backward()  # backward includes the gradient all-reduce
        optimizer.step()
        if cuda:
            torch.cuda.synchronize()
        times.append(time.perf_counter() - start)
    if rank == 0:  # the fastest step after 5 of warm-up: the least disturbed by other programs
        Path(result).write_text(str(min(times[5:])))
    dist.destroy_process_group()


def step_seconds(world: int, cuda: bool) -> float:
    # The rendezvous store lives here, so it outlives the workers; port 0: the OS picks a free port.
    store = dist.TCPStore("127.0.0.1", 0, world, is_master=True, wait_for_workers=False)
    with tempfile.TemporaryDirectory() as tmp:
        mp.spawn(worker, args=(world, cuda, store.port, f"{tmp}/seconds"), nprocs=world, join=True)
        return float(Path(tmp, "seconds").read_text())


if __name__ == "__main__":
    cuda = torch.cuda.device_count() >= 2  # GPUs only if each of the 2 processes can have its own
    print("device:", "cuda" if cuda else f"cpu, {os.cpu_count()} cores, 1 thread per process")
    one, two = step_seconds(1, cuda), step_seconds(2, cuda)
    print(f"1 process:   {one * 1e3:.1f} ms per step, {64 / one:.0f} samples/s")
    print(f"2 processes: {two * 1e3:.1f} ms per step, {128 / two:.0f} samples/s")
    print(f"throughput, 2 processes against 1: {one * 2 / two:.2f}x")
