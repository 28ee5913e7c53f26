# run: torchrun --standalone --nproc-per-node 4 snippets/collectives/exercise_all_reduce_by_hand.py
"""Exercise: an all-reduce built from a reduce-scatter and an all-gather gives what all_reduce gives."""

import datetime
import os

import torch
import torch.distributed as dist


def main() -> None:
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", int(os.environ["LOCAL_RANK"])) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if cuda else "gloo", timeout=datetime.timedelta(seconds=60))
    rank, world = dist.get_rank(), dist.get_world_size()

    torch.manual_seed(rank)  # each rank its own numbers (drawn on the CPU: the same on any device)
    x = torch.randn(2 * world).to(device)
    expected = x.clone()
    dist.all_reduce(expected)

    piece = torch.empty(2, device=device)
    dist.reduce_scatter_single(piece, x)  # step 1: rank r holds the sum of piece r, 1/world of the result
    result = torch.empty(2 * world, device=device)
    dist.all_gather_single(result, piece)  # step 2: every rank collects every summed piece
    print(f"rank {rank}: all_reduce {[round(v, 4) for v in expected.tolist()]}")
    print(f"rank {rank}: by hand    {[round(v, 4) for v in result.tolist()]}")
    # The pieces may be summed in another order than all_reduce sums them: compare with allclose.
    print(f"rank {rank}: the same as all_reduce: {torch.allclose(result, expected)}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
