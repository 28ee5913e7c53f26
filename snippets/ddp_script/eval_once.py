# run: torchrun --standalone --nproc-per-node 4 snippets/ddp_script/eval_once.py
"""Evaluating on several processes: DistributedSampler pads the shares with repeats; count each once."""

import torch
import torch.distributed as dist
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, Subset, TensorDataset


def predict(model, loader):
    """Each sample's index and whether the model got it right, in the order this rank saw them."""
    indices, correct = [], []
    with torch.no_grad():
        for index, inputs, labels in loader:
            indices.append(index)
            correct.append(model(inputs).argmax(dim=1) == labels)
    return torch.cat(indices), torch.cat(correct)


def summed(correct):
    """The number right and the number counted, added up over all ranks."""
    sums = torch.tensor([correct.sum().item(), len(correct)])
    dist.all_reduce(sums)
    return sums.tolist()


def main():
    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    torch.manual_seed(0)  # the same data and the same model on every rank
    dataset = TensorDataset(torch.arange(10), torch.randn(10, 4), torch.randint(0, 3, (10,)))  # index, x, y
    model = nn.Linear(4, 3).eval()  # stands in for a trained model
    everything = predict(model, DataLoader(dataset, batch_size=10))[1]  # what one process would compute
    if rank == 0:
        print(f"one process, every sample once: {everything.sum().item()}/{len(everything)}")
    # The usual loop: the sampler pads 10 samples to 12, repeating the first two.
    padded = DistributedSampler(dataset, shuffle=False)
    padded_indices, correct = predict(model, DataLoader(dataset, batch_size=2, sampler=padded))
    right, total = summed(correct)
    if rank == 0:
        print(f"padded, all_reduce of the counts: {right}/{total}")
    # Exact 1: all_gather every rank's per-sample results; the shares are equally long, as all_gather needs.
    gathered = [torch.zeros_like(correct) for _ in range(world)]
    dist.all_gather(gathered, correct)
    # Put them back in dataset order (rank r held samples r, r + world, ...) and cut the padding off.
    in_order = torch.stack(gathered, dim=1).flatten()[: len(dataset)]
    if rank == 0:
        print(f"all_gather, trimmed to {len(dataset)}: {in_order.sum().item()}/{len(in_order)}")
    # Exact 2: shares without padding (3, 3, 2, 2 samples), then all_reduce the counts.
    share = Subset(dataset, range(rank, len(dataset), world))
    share_indices, correct = predict(model, DataLoader(share, batch_size=2))
    right, total = summed(correct)
    if rank == 0:
        print(f"unpadded shares, all_reduce of the counts: {right}/{total}")
    print(f"rank {rank}: padded share {padded_indices.tolist()}, unpadded share {share_indices.tolist()}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
