# run: torchrun --standalone --nproc-per-node 2 snippets/tensor_parallel/exercise_by_hand.py
"""Tensor parallelism written out with plain tensors: split the weights, compute the local halves, all-reduce
the partial outputs, and add the second bias once."""

import datetime

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch import nn


def main():
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=60))
    rank, world = dist.get_rank(), dist.get_world_size()
    torch.manual_seed(0)  # the same weights and input on every rank
    whole = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))
    x = torch.randn(3, 4)
    with torch.no_grad():
        expected = whole(x)
        up_weight = whole[0].weight.chunk(world, dim=0)[rank]  # my rows: my hidden features
        up_bias = whole[0].bias.chunk(world)[rank]
        down_weight = whole[2].weight.chunk(world, dim=1)[rank]  # the columns that read my features
        hidden = F.relu(x @ up_weight.T + up_bias)  # (3, 4): 4 of the 8 hidden features, no communication
        partial = hidden @ down_weight.T  # (3, 4): my share of every output
        wrong = partial + whole[2].bias  # the bias added on each rank, before the sum
        dist.all_reduce(partial)  # the sum over the ranks: the whole product
        dist.all_reduce(wrong)
        y = partial + whole[2].bias  # the bias once, after the sum
    print(f"rank {rank}: hidden {tuple(hidden.shape)}, largest difference from the whole model:", end=" ")
    print(f"{(y - expected).abs().max().item():.1e}")
    off_by_bias = torch.allclose(wrong - y, whole[2].bias)
    print(f"rank {rank}: bias added before the sum, off by one bias: {off_by_bias}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
