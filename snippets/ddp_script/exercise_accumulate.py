# beside: train_ddp.py
# run: torchrun --standalone --nproc-per-node 2 snippets/ddp_script/exercise_accumulate.py
"""Exercise: train_ddp.py with gradient accumulation, 2 micro-batches of 32 per step: the same epoch lines."""

import datetime
import os
import time

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader
from train_ddp import BATCH_SIZE, EPOCHS, LR, SEED, evaluate, load_data, make_model, mean_over_ranks

STEPS_OF = 2  # micro-batches per optimizer step: 2 x 32 = BATCH_SIZE images per process and step


def train_one_epoch(model, loader, loss_fn, optimizer, device):
    model.train()
    total = 0.0
    for i, (images, labels) in enumerate(loader):
        images, labels = images.to(device), labels.to(device)
        loss = loss_fn(model(images), labels)
        (loss / STEPS_OF).backward()  # .grad adds up to the gradient of the mean over the step's images
        if (i + 1) % STEPS_OF == 0:  # the step's last micro-batch: update, then start the next sum
            optimizer.step()
            optimizer.zero_grad()
        total += loss.item() * len(labels)
    return mean_over_ranks([total], len(loader) * loader.batch_size, device)[0]


def main():
    torch.manual_seed(SEED)  # the initial weights
    local_rank, rank = int(os.environ["LOCAL_RANK"]), int(os.environ["RANK"])
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", local_rank) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    timeout = datetime.timedelta(seconds=60)  # a missing process fails in a minute instead of hanging
    dist.init_process_group("nccl" if cuda else "gloo", timeout=timeout, device_id=device if cuda else None)
    train_loader, test_loader = load_data()
    sampler = train_loader.sampler  # the same images for each process, now in micro-batches of 32
    micro_batches = DataLoader(train_loader.dataset, BATCH_SIZE // STEPS_OF, sampler=sampler, drop_last=True)
    model = DistributedDataParallel(make_model().to(device), device_ids=[local_rank] if cuda else None)
    loss_fn = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=LR)
    for epoch in range(1, EPOCHS + 1):
        sampler.set_epoch(epoch)
        train_loss = train_one_epoch(model, micro_batches, loss_fn, optimizer, device)
        test_loss, accuracy = evaluate(model, test_loader, loss_fn, device)
        if rank == 0:  # train_ddp.py's epoch line
            print(f"epoch {epoch:2d}  train loss {train_loss:.4f}  test loss {test_loss:.4f}", end="  ")
            print(f"test accuracy {accuracy:.2%}")
    time.sleep(0.1)  # lets a gloo thread finish before Python exits: a known problem, see the page
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
