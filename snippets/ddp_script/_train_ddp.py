"""train_ddp.py's data, model and training for the exercises of this chapter: the same functions, verbatim.

train_ddp.py stays one file a reader copies whole; the exercises import these instead of repeating them.
tests/snippets/ddp_script/test_train_ddp.py checks the copies match.
"""

import os

import torch
import torch.distributed as dist
from sklearn.datasets import load_digits
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

SEED = 0
BATCH_SIZE = int(os.environ.get("BATCH_SIZE", 64))  # per process: DDP does not split a batch
EPOCHS = 20
LR = 0.003


def load_data():
    digits = load_digits()
    images = torch.tensor(digits.images, dtype=torch.float32).unsqueeze(1) / 16  # (1797, 1, 8, 8), in [0, 1]
    labels = torch.tensor(digits.target)  # the digit each image shows, 0 to 9
    order = torch.randperm(len(labels), generator=torch.Generator().manual_seed(SEED))  # a seeded split
    train, test = order[:1437], order[1437:]  # 1,437 images to learn from, 360 kept for testing
    train_set = TensorDataset(images[train], labels[train])
    test_set = TensorDataset(images[test], labels[test])
    train_sampler = DistributedSampler(train_set, seed=SEED)  # one shuffle for all ranks, a share for each
    test_sampler = DistributedSampler(test_set, shuffle=False)  # each rank tests its share
    train_loader = DataLoader(train_set, batch_size=BATCH_SIZE, sampler=train_sampler, drop_last=True)
    test_loader = DataLoader(test_set, batch_size=BATCH_SIZE, sampler=test_sampler)
    return train_loader, test_loader


def make_model():
    return nn.Sequential(
        nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),  # 16 maps of 4x4
        nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),  # 32 maps of 2x2
        nn.Flatten(), nn.Linear(32 * 2 * 2, 10),  # one score (logit) per digit
    )  # fmt: skip


def mean_over_ranks(totals, count, device):
    sums = torch.tensor([*totals, count], dtype=torch.float64, device=device)
    dist.all_reduce(sums)  # SUM: every rank gets the totals of all ranks
    return (sums[:-1] / sums[-1]).tolist()  # the means over the whole data set, the same on every rank


def train_one_epoch(model, loader, loss_fn, optimizer, device):
    model.train()
    total = 0.0
    for images, labels in loader:
        images, labels = images.to(device), labels.to(device)
        loss = loss_fn(model(images), labels)
        optimizer.zero_grad()
        loss.backward()  # DDP averages the gradients of all ranks while backward runs
        optimizer.step()
        total += loss.item() * len(labels)  # the batch's mean times its size
    return mean_over_ranks([total], len(loader) * loader.batch_size, device)[0]  # drop_last: all batches full


@torch.no_grad()  # no graph: nothing here is differentiated
def evaluate(model, loader, loss_fn, device):
    model.eval()
    total, correct = 0.0, 0
    for images, labels in loader:
        images, labels = images.to(device), labels.to(device)
        logits = model(images)
        total += loss_fn(logits, labels).item() * len(labels)
        correct += (logits.argmax(dim=1) == labels).sum().item()  # the highest score is the prediction
    return mean_over_ranks([total, correct], len(loader.sampler), device)  # sampler: this rank's share
