# run: torchrun --standalone --nproc-per-node 2 snippets/distributed/no_sync.py
"""Gradient accumulation under DDP: no_sync() skips the all-reduce of every micro-batch but the last."""

import contextlib
import datetime
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
    dist.init_process_group("nccl" if cuda else "gloo", timeout=datetime.timedelta(seconds=60))
    rank = dist.get_rank()
    torch.manual_seed(100 + rank)  # each rank its own batch of 8
    x, y = torch.randn(8, 4, device=device), torch.randn(8, 1, device=device)

    def gradient(micro_batches: int, use_no_sync: bool) -> tuple[torch.Tensor, int]:
        """The weight's gradient after one batch split into micro-batches, and how many all-reduces ran."""
        torch.manual_seed(0)
        ddp = DistributedDataParallel(nn.Linear(4, 1).to(device), device_ids=[local_rank] if cuda else None)
        calls = []

        def counting_hook(state, bucket):
            calls.append(bucket.index())
            return allreduce_hook(state, bucket)  # the default: average over ranks

        ddp.register_comm_hook(dist.group.WORLD, counting_hook)
        chunks = list(zip(x.chunk(micro_batches), y.chunk(micro_batches), strict=True))
        for i, (xb, yb) in enumerate(chunks):
            last = i == len(chunks) - 1
            with ddp.no_sync() if use_no_sync and not last else contextlib.nullcontext():
                # each micro-batch's loss is scaled so the sum equals the loss of the whole batch
                (nn.functional.mse_loss(ddp(xb), yb) / micro_batches).backward()
        return ddp.module.weight.grad.clone(), len(calls)

    whole, n_whole = gradient(1, use_no_sync=False)
    accumulated, n_acc = gradient(4, use_no_sync=True)
    synced_each, n_each = gradient(4, use_no_sync=False)
    print(
        f"rank {rank}: all-reduces: 1 batch {n_whole}; 4 micro-batches {n_acc} with no_sync, {n_each} without"
    )
    print("no_sync result equals the whole batch:", torch.allclose(accumulated, whole, atol=1e-6))
    print("without no_sync, also equal:", torch.allclose(synced_each, whole, atol=1e-6))
    print("gradient:", [round(v, 4) for v in whole.flatten().tolist()])
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
