# beside: eval_once.py
# run: torchrun --standalone --nproc-per-node 4 snippets/ddp_script/exercise_padding_mask.py
"""Exercise: keep the padded, shuffled DistributedSampler, and leave its repeats out of the counts."""

import torch
import torch.distributed as dist
from eval_once import predict, summed
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


def main():
    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    torch.manual_seed(0)  # the data and the model of eval_once.py
    dataset = TensorDataset(torch.arange(10), torch.randn(10, 4), torch.randint(0, 3, (10,)))  # index, x, y
    model = nn.Linear(4, 3).eval()
    sampler = DistributedSampler(dataset, shuffle=True, seed=0)
    indices, correct = predict(model, DataLoader(dataset, batch_size=2, sampler=sampler))
    padded_length = len(sampler) * world  # the sampler's whole list, its repeats at the end
    positions = torch.arange(rank, padded_length, world)  # where this rank's samples sit in that list
    real = positions < len(dataset)  # False for the repeats
    right, total = summed(correct[real])
    print(f"rank {rank}: share {indices.tolist()}, repeats {indices[~real].tolist()}")
    if rank == 0:
        print(f"padded and shuffled, repeats left out: {right}/{total}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
