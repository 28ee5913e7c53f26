# run: torchrun --standalone --nproc-per-node 2 snippets/distributed_failures/unused_parameters.py
"""A parameter forward does not use: plain DDP fails at the next step; find_unused_parameters fixes it."""

import datetime
import os

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel


class Net(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.body, self.aux, self.head = nn.Linear(4, 8), nn.Linear(8, 1), nn.Linear(8, 1)

    def forward(self, x: torch.Tensor, use_aux: bool = False) -> torch.Tensor:
        return self.head(h := torch.relu(self.body(x))) + (self.aux(h) if use_aux else 0)  # aux: params 2, 3


def main() -> None:
    local_rank = int(os.environ["LOCAL_RANK"])
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", local_rank) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if cuda else "gloo", timeout=datetime.timedelta(seconds=60))
    rank, world, ids = dist.get_rank(), dist.get_world_size(), [local_rank] if cuda else None

    def train(label: str, use_aux: bool = False, **options) -> None:
        torch.manual_seed(0)  # the same start on every rank
        model = DistributedDataParallel(Net().to(device), device_ids=ids, **options)
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        torch.manual_seed(rank)  # different data on each rank
        same = []  # after each step: do all ranks hold the same parameters?
        for step in range(3):
            optimizer.zero_grad()
            try:
                model(torch.randn(8, 4, device=device), use_aux).square().mean().backward()
            except RuntimeError as e:  # its first sentence, and the line naming the parameters
                msg = [str(e).split(". ")[0] + "."] + [ln for ln in str(e).splitlines() if "indices" in ln]
                print(f"rank {rank}: {label}, step {step}: RuntimeError:", *msg, sep="\n  ")
                break
            optimizer.step()
            every = [None] * world
            dist.all_gather_object(every, [p.tolist() for p in model.parameters()])  # exact values
            same.append(all(other == every[0] for other in every))
        no_grad = model.module.aux.weight.grad is None  # unused: no gradient at all, not zeros
        print(f"rank {rank}: {label}: steps {len(same)}, same parameters {same}, aux grad None: {no_grad}")

    train("plain DDP")
    train("find_unused_parameters=True", find_unused_parameters=True)
    train("static_graph=True", static_graph=True)
    train("aux used, find_unused_parameters=True", use_aux=True, find_unused_parameters=True)  # warns
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
