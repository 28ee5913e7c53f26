# run: torchrun --standalone --nproc-per-node 2 snippets/ddp_script/exercise_eval_through_ddp.py
# measured: \d+\.\d(?= s\b)
"""Exercise: unequal shares evaluated through the DDP wrapper, whose forward broadcasts rank 0's buffers."""

import datetime
import time

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel


def evaluate(model, batches, group):
    """Run the model on this rank's batches, then add up the numbers of batches of all ranks."""
    for inputs in batches:
        model(inputs)
    count = torch.tensor([len(batches)])
    dist.all_reduce(count, group=group)  # the only collective we wrote: after the loop
    return count.item()


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    # A group whose collectives give up after 3 s: a hang becomes an error.
    short = dist.new_group(backend="gloo", timeout=datetime.timedelta(seconds=3))
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(4, 4), nn.BatchNorm1d(4))  # BatchNorm's running_mean is a buffer
    model = DistributedDataParallel(net, process_group=short).eval()
    batches = [torch.randn(2, 4) for _ in range(3 - rank)]  # unequal shares: 3 batches on rank 0, 2 on rank 1
    running_mean = net[1].running_mean
    running_mean.fill_(rank)  # a mark: 0 on rank 1 later means rank 0's buffer arrived

    with torch.no_grad():
        total = evaluate(model.module, batches, short)  # the model itself: no DDP in between
    print(f"rank {rank}: model.module, no_grad: {total} batches, running_mean[0] = {running_mean[0].item()}")

    with torch.no_grad():
        total = evaluate(model, batches, short)  # through the wrapper
    print(f"rank {rank}: DDP wrapper, no_grad: {total} batches, running_mean[0] = {running_mean[0].item()}")

    start = time.perf_counter()
    try:
        evaluate(model, batches, short)  # through the wrapper, with gradients
    except RuntimeError:
        seconds = time.perf_counter() - start
        print(f"rank {rank}: DDP wrapper, with gradients: RuntimeError after {seconds:.1f} s")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
