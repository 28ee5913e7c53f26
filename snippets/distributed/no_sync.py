# run: torchrun --standalone --nproc-per-node 2 snippets/distributed/no_sync.py
"""Gradient accumulation under DDP: no_sync() skips the all-reduce, and where the forward ran decides."""

import contextlib
import os

import torch
import torch.distributed as dist
from torch import nn
from torch.distributed.algorithms.ddp_comm_hooks.default_hooks import allreduce_hook
from torch.nn.parallel import DistributedDataParallel


def main() -> None:
    local_rank = int(os.environ["LOCAL_RANK"])
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", local_rank) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if cuda else "gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    torch.manual_seed(100 + rank)  # each rank its own batch of 8
    x, y = torch.randn(8, 4, device=device), torch.randn(8, 1, device=device)

    def gradient(parts: int, forward_in: range, backward_in: range) -> tuple[torch.Tensor, int, bool]:
        torch.manual_seed(0)
        ddp = DistributedDataParallel(nn.Linear(4, 1).to(device), device_ids=[local_rank] if cuda else None)
        calls = []

        def counting_hook(state, bucket):
            calls.append(bucket.index())
            return allreduce_hook(state, bucket)  # the default: average over ranks

        ddp.register_comm_hook(dist.group.WORLD, counting_hook)
        for i, (xb, yb) in enumerate(zip(x.chunk(parts), y.chunk(parts), strict=True)):
            with ddp.no_sync() if i in forward_in else contextlib.nullcontext():
                loss = nn.functional.mse_loss(ddp(xb), yb) / parts  # the parts add up to the batch's loss
            with ddp.no_sync() if i in backward_in else contextlib.nullcontext():
                loss.backward()
        everyone = [torch.empty_like(ddp.module.weight.grad) for _ in range(world)]
        dist.all_gather(everyone, ddp.module.weight.grad)
        return ddp.module.weight.grad, len(calls), all(torch.equal(g, everyone[0]) for g in everyone)

    whole, calls, _ = gradient(1, range(0), range(0))
    print(f"rank {rank}, whole batch: all-reduces: {calls}")
    print("gradient of the whole batch:", [round(v, 4) for v in whole[0].tolist()])
    for label, forward_in, backward_in in [  # 4 micro-batches: which run forward/backward inside no_sync
        ("no no_sync", range(0), range(0)),
        ("forward+backward 0-2 in no_sync", range(3), range(3)),  # the recipe
        ("backward 0-2 in no_sync", range(0), range(3)),
        ("forward 0-3, backward 0-2 in no_sync", range(4), range(3)),
    ]:
        grad, calls, same = gradient(4, forward_in, backward_in)
        equal = torch.allclose(grad, whole, atol=1e-6)
        print(f"{label:<37} all-reduces: {calls}, equals the whole batch: {equal}, same on all ranks: {same}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
