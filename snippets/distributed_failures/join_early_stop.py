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
    batches = [torch.randn(8, 5, device=device) for _ in range([3, 5][rank])]

    losses = []
    try:
        with Join([model], throw_on_early_termination=True):  # the first rank out stops everyone
            for batch in batches:
                optimizer.zero_grad()
                loss = nn.functional.mse_loss(model(batch[:, :4]), batch[:, 4:])
                loss.backward()
                optimizer.step()
                dist.all_reduce(total := loss.detach().clone())  # our own collective: Join cannot shadow it
                losses.append(round(total.item() / dist.get_world_size(), 4))
    except RuntimeError as err:
        print(f"rank {rank}: RuntimeError: {err}")
    print(f"rank {rank}: steps {len(losses)}, mean loss per step {losses}")
    # A gloo worker thread may still be letting go of Join's last tensors; if Python shuts down first, the
    # process dies with "terminate called without an active exception" (a torch/gloo race). Wait a moment.
    time.sleep(0.1)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
