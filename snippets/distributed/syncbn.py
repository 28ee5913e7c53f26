# run: torchrun --standalone --nproc-per-node 2 snippets/distributed/syncbn.py
# record: cuda
"""SyncBatchNorm normalises with the statistics of the whole global batch, gathered from every rank."""

import datetime
import os

import torch
import torch.distributed as dist
from torch import nn


def r4(t: torch.Tensor) -> list[float]:
    return [round(v, 4) for v in t.tolist()]


def main() -> None:
    local_rank = int(os.environ["LOCAL_RANK"])
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", local_rank) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if cuda else "gloo", timeout=datetime.timedelta(seconds=60))
    rank = dist.get_rank()

    model = nn.Sequential(nn.Conv2d(3, 2, 3), nn.BatchNorm2d(2), nn.ReLU())
    model = nn.SyncBatchNorm.convert_sync_batchnorm(model)  # swaps every BatchNorm*d, keeps its state
    if rank == 0:
        print(f"{dist.get_backend()}; after convert_sync_batchnorm:", [type(m).__name__ for m in model])

    torch.manual_seed(100 + rank)  # 4 feature maps of 2 channels per rank, shifted so the ranks differ
    h = (torch.randn(4, 2, 3, 3) + rank).to(device)
    print(f"rank {rank}: per-process mean {r4(h.mean((0, 2, 3)))} var {r4(h.var((0, 2, 3), correction=0))}")

    # What SyncBN computes: all-reduce per-channel count, sum and sum of squares; then mean and variance.
    stats = torch.stack([h.new_full((2,), h[:, 0].numel()), h.sum((0, 2, 3)), h.square().sum((0, 2, 3))])
    dist.all_reduce(stats)  # sums over ranks, in place
    count, total, squares = stats
    mean, var = total / count, squares / count - (total / count) ** 2
    print(f"rank {rank}: global mean {r4(mean)} var {r4(var)}")

    everyone = [torch.empty_like(h) for _ in range(dist.get_world_size())]
    dist.all_gather(everyone, h)
    ref_var, ref_mean = torch.var_mean(torch.cat(everyone), (0, 2, 3), correction=0)  # one process, all data
    same = torch.allclose(torch.stack([mean, var]), torch.stack([ref_mean, ref_var]), atol=1e-5)
    print("equals the statistics of the global batch in one process:", same)

    bn = model[1].to(device)  # the real layer, in training mode
    try:
        bn(h)
        print(
            "SyncBN running_mean = 0.1 x global mean:", torch.allclose(bn.running_mean, 0.1 * mean, atol=1e-5)
        )
    except ValueError as err:
        print("SyncBatchNorm on CPU:", err)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
