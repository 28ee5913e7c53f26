"""MNIST-style digits with DistributedDataParallel, launched by torchrun: one process per GPU, or CPU processes.

The old notes' mnist-distributed script started its own processes with mp.spawn and took -n (nodes), -g (GPUs
per node) and -nr (this node's rank). torchrun does that job now, so those flags became torchrun's:

    python mnist-distributed.py -n 4 -g 8 -nr i
    torchrun --nnodes 4 --nproc-per-node 8 --node-rank i --rdzv-endpoint HOST:29500 examples/mnist_distributed.py

On one machine: torchrun --standalone --nproc-per-node 2 examples/mnist_distributed.py --epochs 3
The data are generated (ten noisy 28x28 patterns, one per digit class), so nothing is downloaded.
"""

import argparse
import os
import sys
import time

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

LEGACY = {
    "-n": "--nnodes",
    "--nodes": "--nnodes",
    "-g": "--nproc-per-node",
    "--gpus": "--nproc-per-node",
    "-nr": "--node-rank",
    "--nr": "--node-rank",
    "--node-rank": "--node-rank",
}


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--epochs", type=int, default=2, help="passes over the training set (default 2)")
    parser.add_argument("--batch-size", type=int, default=32, help="images per step and process (default 32)")
    parser.add_argument(
        "--lr", type=float, default=0.01, help="SGD learning rate, momentum 0.9 (default 0.01)"
    )
    parser.add_argument("--samples", type=int, default=2048, help="generated training images (default 2048)")
    parser.add_argument("--seed", type=int, default=0, help="seeds the data and the weights (default 0)")
    parser.add_argument("--save", metavar="PATH", help="rank 0 writes the trained weights here")
    legacy = [a.split("=")[0] for a in argv if a.split("=")[0] in LEGACY]
    if legacy:  # the old script's flags: say what replaced them instead of "unrecognized arguments"
        mapped = ", ".join(f"{flag} -> torchrun {LEGACY[flag]}" for flag in legacy)
        parser.error(f"nodes and processes are torchrun's business now ({mapped}); see --help")
    return parser.parse_args(argv)


def make_data(samples: int, seed: int) -> TensorDataset:
    """Ten fixed random 28x28 patterns (one per class) plus noise: learnable, and identical on every rank."""
    g = torch.Generator().manual_seed(seed)
    patterns = torch.rand(10, 1, 28, 28, generator=g)
    labels = torch.randint(0, 10, (samples,), generator=g)
    images = patterns[labels] + 0.5 * torch.randn(samples, 1, 28, 28, generator=g)
    return TensorDataset(images, labels)


def conv_net() -> nn.Module:
    """The notes' ConvNet: two conv + batch-norm + pooling blocks and a linear classifier."""
    return nn.Sequential(
        nn.Conv2d(1, 16, 5, padding=2), nn.BatchNorm2d(16), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(16, 32, 5, padding=2), nn.BatchNorm2d(32), nn.ReLU(), nn.MaxPool2d(2),
        nn.Flatten(), nn.Linear(7 * 7 * 32, 10),
    )  # fmt: skip


def pick_device(local_rank: int, local_world: int) -> torch.device:
    """This process's GPU; the CPU only where there is no CUDA at all. Too few GPUs is an error, not a fallback."""
    if not torch.cuda.is_available():
        return torch.device("cpu")
    gpus = torch.cuda.device_count()
    if gpus < local_world:  # NCCL cannot share a GPU between two processes
        raise SystemExit(
            f"mnist_distributed.py: {local_world} processes on this machine but {gpus} GPU(s); "
            f"start at most {gpus} (torchrun --nproc-per-node {gpus}), or hide the GPUs "
            "(CUDA_VISIBLE_DEVICES=) to train on the CPU"
        )
    return torch.device("cuda", local_rank)


def main(argv: list[str]) -> None:
    args = parse_args(argv)
    # torchrun sets these for every process it starts; nothing comes from the command line.
    rank, world, local_rank = (int(os.environ[k]) for k in ("RANK", "WORLD_SIZE", "LOCAL_RANK"))
    device = pick_device(local_rank, int(os.environ["LOCAL_WORLD_SIZE"]))
    cuda = device.type == "cuda"
    if cuda:
        torch.cuda.set_device(device)
    elif rank == 0:
        print("no CUDA device: CPU processes, gloo backend")
    dist.init_process_group("nccl" if cuda else "gloo")  # default timeout: NCCL 10 min, gloo 30 min

    data = make_data(args.samples, args.seed)
    sampler = DistributedSampler(data, shuffle=True, seed=args.seed, drop_last=True)  # this rank's shard
    loader = DataLoader(data, batch_size=args.batch_size, sampler=sampler)
    torch.manual_seed(args.seed)
    model = conv_net()
    if cuda:
        model = nn.SyncBatchNorm.convert_sync_batchnorm(model)  # BN statistics over the global batch
    model = DistributedDataParallel(model.to(device), device_ids=[local_rank] if cuda else None)
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
    if rank == 0:
        print(
            f"{world} processes on {'cuda' if cuda else 'cpu'} ({dist.get_backend()}), {len(data)} images, "
            f"{len(loader)} steps per epoch of {args.batch_size} x {world} images"
        )

    for epoch in range(1, args.epochs + 1):
        sampler.set_epoch(epoch)  # a different shuffle every epoch, the same on every rank
        totals = torch.zeros(2, device=device)  # sum of losses, number of images
        for images, labels in loader:
            images, labels = images.to(device), labels.to(device)
            loss = nn.functional.cross_entropy(model(images), labels)
            optimizer.zero_grad()
            loss.backward()  # DDP averages the gradients of all ranks here
            optimizer.step()
            totals += torch.stack([loss.detach() * len(labels), torch.tensor(len(labels), device=device)])
        dist.all_reduce(totals)  # the loss over every rank's images, not just this rank's
        if rank == 0:
            print(f"epoch {epoch}: mean training loss {(totals[0] / totals[1]).item():.4f}")

    weights = nn.utils.parameters_to_vector(model.parameters()).detach()
    everyone = [torch.empty_like(weights) for _ in range(world)]
    dist.all_gather(everyone, weights)
    print(
        f"rank {rank}: weights identical on all {world} ranks: {all(torch.equal(w, weights) for w in everyone)}"
    )
    if args.save and rank == 0:
        torch.save(model.module.state_dict(), args.save)  # one writer; load with map_location elsewhere
    # Lets a gloo thread finish before Python exits: a known problem, see "When one process crashes" in
    # the failures chapter (distributed-failures.md).
    time.sleep(0.1)
    dist.destroy_process_group()


if __name__ == "__main__":
    main(sys.argv[1:])
