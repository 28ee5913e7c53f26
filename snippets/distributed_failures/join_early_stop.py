# run: torchrun --standalone --nproc-per-node 2 snippets/distributed_failures/join_early_stop.py
"""Exercise: stop every rank when the first runs out, so the loop may use collectives of its own."""

import datetime
import os
import time

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
    rank = dist.get_rank()
    torch.manual_seed(0)
    model = DistributedDataParallel(nn.Linear(4, 1).to(device), device_ids=[local_rank] if cuda else None)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    torch.manual_seed(rank)
    n_batches = 3 if rank == 0 else 5  # uneven on purpose
    batches = [torch.randn(8, 5, device=device) for _ in range(n_batches)]

    losses = []
    try:
        with Join([model], throw_on_early_termination=True):  # the first rank out stops everyone
            for batch in batches:
                optimizer.zero_grad()
                loss = nn.functional.mse_loss(model(batch[:, :4]), batch[:, 4:])
                loss.backward()
                optimizer.step()
                total = loss.detach().clone()
                dist.all_reduce(total)  # our own collective: Join cannot shadow it
                losses.append(round(total.item() / dist.get_world_size(), 4))
    except RuntimeError as err:
        print(f"rank {rank}: RuntimeError: {err}")
    print(f"rank {rank}: steps {len(losses)}, mean loss per step {losses}")
    time.sleep(0.1)  # lets a gloo thread finish before Python exits: a known problem, see the page
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
