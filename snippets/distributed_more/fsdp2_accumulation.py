# run: torchrun --standalone --nproc-per-node 2 snippets/distributed_more/fsdp2_accumulation.py
"""Exercise: gradient accumulation under FSDP2, where set_requires_gradient_sync(False) plays no_sync."""

import copy
import datetime
import os

import torch
import torch.distributed as dist
from torch import nn
from torch.distributed.fsdp import fully_shard


def main() -> None:
    local_rank = int(os.environ["LOCAL_RANK"])
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", local_rank) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if cuda else "gloo", timeout=datetime.timedelta(seconds=60))
    rank, world = dist.get_rank(), dist.get_world_size()
    data = torch.randn(3, world, 16, 9, generator=torch.Generator().manual_seed(1))  # 3 large steps
    mine = data[:, rank].to(device)  # this rank's 16 samples per step: 8 inputs and a target
    torch.manual_seed(0)
    base = nn.Sequential(nn.Linear(8, 32), nn.Tanh(), nn.Linear(32, 1)).to(device)

    def train(micro: int) -> torch.Tensor:
        model = copy.deepcopy(base)
        for module in (model[0], model[2], model):
            fully_shard(module)
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        no_grad_yet = []  # the sharded gradient exists only once it has been reduce-scattered
        for batch in mine:
            for i, part in enumerate(batch.chunk(micro)):
                model.set_requires_gradient_sync(i == micro - 1)  # reduce-scatter after the last only
                (nn.functional.mse_loss(model(part[:, :8]), part[:, 8:]) / micro).backward()
                no_grad_yet.append(model[0].weight.grad is None)
            optimizer.step()
            optimizer.zero_grad()
        if micro > 1:
            print(f"rank {rank}: 0.weight.grad is None after micro-batch 0-3: {no_grad_yet[:micro]}")
        return torch.cat([p.full_tensor().flatten() for p in model.parameters()])

    whole, accumulated = train(1), train(4)
    diff = (whole - accumulated).abs().max().item()
    print(f"rank {rank}: 4 micro-batches vs 1: largest |diff| {diff:.1e}, below 1e-6: {diff < 1e-6}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
