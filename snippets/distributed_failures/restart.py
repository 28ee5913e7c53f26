# run: torchrun --standalone --nproc-per-node 2 --max-restarts 1 snippets/distributed_failures/restart.py
"""Rank 1 fails once; torchrun restarts every rank, and training resumes from the last checkpoint."""

import os

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel

CHECKPOINT = "restart_checkpoint.pt"
STEPS = 6


def main() -> None:
    # 1. What torchrun tells every worker, in the first attempt and after a restart alike
    rank = int(os.environ["RANK"])
    world = int(os.environ["WORLD_SIZE"])
    restart = int(os.environ["TORCHELASTIC_RESTART_COUNT"])  # 0 in the first attempt, 1 after one restart
    cuda = torch.cuda.device_count() >= world
    device = torch.device("cuda", int(os.environ["LOCAL_RANK"])) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    # 2. dist.init_process_group(backend), on store keys of this attempt's own: a known problem, see the page
    agent_store = dist.TCPStore(os.environ["MASTER_ADDR"], int(os.environ["MASTER_PORT"]), is_master=False)
    store = dist.PrefixStore(f"attempt_{restart}", agent_store)
    dist.init_process_group("nccl" if cuda else "gloo", store=store, rank=rank, world_size=world)
    torch.manual_seed(0)
    model = DistributedDataParallel(nn.Linear(4, 1).to(device), device_ids=[device] if cuda else None)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)  # momentum: state to keep
    start = 0  # 3. the last checkpoint, if there is one: every rank resumes from the same file
    if os.path.exists(CHECKPOINT):
        state = torch.load(CHECKPOINT, map_location=device)
        model.module.load_state_dict(state["model"])
        optimizer.load_state_dict(state["optimizer"])
        start = state["step"]
    print(f"rank {rank}: restart {restart} of {os.environ['TORCHELASTIC_MAX_RESTARTS']}, from step {start}")
    for step in range(start, STEPS):
        if rank == 1 and step == 4 and restart == 0:
            raise RuntimeError("rank 1 fails at step 4")  # a crash, an OOM kill, a lost node...
        # the data depends only on (step, rank), so a resumed run sees the same batches
        data = torch.randn(8, 5, generator=torch.Generator().manual_seed(100 * step + rank)).to(device)
        optimizer.zero_grad()
        nn.functional.mse_loss(model(data[:, :4]), data[:, 4:]).backward()
        optimizer.step()
        if rank == 0:
            state = {"model": model.module.state_dict(), "optimizer": optimizer.state_dict()}
            state["step"] = step + 1  # where a restarted attempt starts
            torch.save(state, CHECKPOINT + ".tmp")
            os.replace(CHECKPOINT + ".tmp", CHECKPOINT)  # atomic: never a half-written checkpoint
        dist.barrier()  # the others wait until the checkpoint is whole
    weights = torch.cat([model.module.weight.flatten(), model.module.bias]).tolist()
    print(f"rank {rank}: weights after step {STEPS - 1}: {[round(w, 4) for w in weights]}")
    if rank == 0:
        os.remove(CHECKPOINT)  # a real job keeps it; removed so that the next run starts afresh
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
