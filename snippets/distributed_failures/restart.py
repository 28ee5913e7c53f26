# run: torchrun --standalone --nproc-per-node 2 --max-restarts 1 snippets/distributed_failures/restart.py
"""Rank 1 fails once; torchrun restarts every rank, and training resumes from the last checkpoint."""

import os

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel

CHECKPOINT, STEPS = "restart_checkpoint.pt", 6


def train(model: nn.Module, optimizer: torch.optim.Optimizer, steps: range, ranks: list[int]) -> None:
    for step in steps:  # the data depends only on (step, rank), so a resumed run sees the same batches
        data = [torch.randn(8, 5, generator=torch.Generator().manual_seed(100 * step + r)) for r in ranks]
        data = torch.cat(data).to(next(model.parameters()).device)
        optimizer.zero_grad()
        nn.functional.mse_loss(model(data[:, :4]), data[:, 4:]).backward()
        optimizer.step()


def main() -> None:
    local_rank, rank, world = (int(os.environ[k]) for k in ("LOCAL_RANK", "RANK", "WORLD_SIZE"))
    restart, cuda = int(os.environ["TORCHELASTIC_RESTART_COUNT"]), torch.cuda.device_count() >= world
    device = torch.device("cuda", local_rank) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    agent = dist.TCPStore(os.environ["MASTER_ADDR"], int(os.environ["MASTER_PORT"]), is_master=False)
    store = dist.PrefixStore(f"attempt_{restart}", agent)  # torchrun's store outlives a restart: own keys
    dist.init_process_group("nccl" if cuda else "gloo", store=store, rank=rank, world_size=world)
    torch.manual_seed(0)
    model = DistributedDataParallel(nn.Linear(4, 1).to(device), device_ids=[local_rank] if cuda else None)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)  # momentum: state to keep
    state = torch.load(CHECKPOINT, map_location=device) if os.path.exists(CHECKPOINT) else {"step": 0}
    if start := state["step"]:  # every rank resumes from the same file
        model.module.load_state_dict(state["model"])
        optimizer.load_state_dict(state["optimizer"])
    print(f"rank {rank}: restart {restart} of {os.environ['TORCHELASTIC_MAX_RESTARTS']}, from step {start}")
    for first in range(start, STEPS, 2):  # two steps, then a checkpoint
        if rank == 1 and first == 4 and restart == 0:
            raise RuntimeError("rank 1 fails at step 4")  # a crash, an OOM kill, a lost node...
        train(model, optimizer, range(first, first + 2), [rank])
        if rank == 0:
            state = {"model": model.module.state_dict(), "optimizer": optimizer.state_dict()}
            torch.save(dict(state, step=first + 2), CHECKPOINT + ".tmp")
            os.replace(CHECKPOINT + ".tmp", CHECKPOINT)  # atomic: never a half-written checkpoint
        dist.barrier()  # the others wait until the checkpoint is whole
    if rank == 0:  # the same 6 steps in one process on both ranks' data, never interrupted
        torch.manual_seed(0)  # the same initial weights as the model's
        plain = nn.Linear(4, 1).to(device)
        train(plain, torch.optim.SGD(plain.parameters(), lr=0.1, momentum=0.9), range(STEPS), [*range(world)])
        torch.testing.assert_close(model.module.state_dict(), plain.state_dict())  # raises if they differ
        print(f"rank 0: after step {STEPS - 1}, the same weights as a run without the failure")
        os.remove(CHECKPOINT)  # a real job keeps it; removed so that the next run starts afresh
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
