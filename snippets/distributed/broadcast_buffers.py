# run: torchrun --standalone --nproc-per-node 2 snippets/distributed/broadcast_buffers.py
"""DDP also syncs buffers: a forward starts by copying rank 0's BatchNorm statistics to every rank."""

import datetime
import os

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel


def main() -> None:
    local_rank = int(os.environ["LOCAL_RANK"])
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", local_rank) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if cuda else "gloo", timeout=datetime.timedelta(seconds=60))
    rank, world = dist.get_rank(), dist.get_world_size()
    torch.manual_seed(100 + rank)
    x = (torch.randn(8, 2) + 10 * rank).to(device)  # each rank its own batch; rank 1's sits around 10

    def running_mean(forward_sync_buffers: bool) -> tuple[list[float], list[float], bool]:
        """BatchNorm's running_mean after a training step, then after one more forward (and is it the
        same on every rank?)."""
        bn = nn.BatchNorm1d(2).to(device)  # running_mean starts at 0 on every rank
        ddp = DistributedDataParallel(
            bn, device_ids=[local_rank] if cuda else None, forward_sync_buffers=forward_sync_buffers
        )
        ddp(x).square().mean().backward()  # training mode: running_mean moves 0.1 of the way to my mean
        mine = bn.running_mean.clone()
        ddp.eval()  # from here BatchNorm only reads its statistics: any change comes from DDP
        with torch.no_grad():
            ddp(x)
        after = bn.running_mean.clone()
        everyone = [torch.empty_like(after) for _ in range(world)]
        dist.all_gather(everyone, after)
        rounded = [[round(v, 4) for v in t.tolist()] for t in (mine, after)]
        return rounded[0], rounded[1], all(torch.equal(t, after) for t in everyone)

    mine, synced, same = running_mean(forward_sync_buffers=True)  # the default
    _, kept, same_kept = running_mean(forward_sync_buffers=False)
    print(f"rank {rank}: running_mean after a training step on my batch: {mine}")
    print(f"default: after the next forward {synced}, same on every rank: {same}")
    print(f"forward_sync_buffers=False: after the next forward {kept}, same on every rank: {same_kept}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
