# run: torchrun --standalone --nproc-per-node 2 snippets/distributed/ddp_first_step.py
# record: cuda
"""Two processes, one model: after a DDP step every rank holds the same weights."""

import os

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel


def main() -> None:
    # torchrun starts one process per rank and gives each RANK, WORLD_SIZE, LOCAL_RANK and the rendezvous.
    local_rank = int(os.environ["LOCAL_RANK"])
    if torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"]):  # one GPU for each process
        device, backend = torch.device("cuda", local_rank), "nccl"
        torch.cuda.set_device(device)
    else:
        device, backend = torch.device("cpu"), "gloo"
    dist.init_process_group(backend)
    rank, world = dist.get_rank(), dist.get_world_size()

    torch.manual_seed(0)  # the same start on every rank (DDP would broadcast rank 0's weights anyway)
    layer = nn.Linear(4, 1).to(device)  # made on the CPU, then moved: the same numbers on any device
    model = DistributedDataParallel(layer, device_ids=[local_rank] if device.type == "cuda" else None)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    torch.manual_seed(100 + rank)  # ...but each rank trains on its own batch
    x, y = torch.randn(8, 4).to(device), torch.randn(8, 1).to(device)
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()  # DDP averages the gradients of all ranks while backward runs
    optimizer.step()

    weight = layer.weight.detach()
    everyone = [torch.empty_like(weight) for _ in range(world)]
    dist.all_gather(everyone, weight)
    print(f"rank {rank} of {world} on {backend}: loss on my batch {loss.item():.4f}")
    print("weight after the step:", [round(v, 4) for v in weight.flatten().tolist()])
    print("same weights on every rank:", all(torch.equal(w, weight) for w in everyone))
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
