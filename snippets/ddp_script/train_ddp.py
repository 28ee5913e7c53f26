# run: torchrun --standalone --nproc-per-node 2 snippets/ddp_script/train_ddp.py
# figure: curves.png
"""The capstone program made DDP: one process per GPU, each training on its share of every epoch's images."""

import datetime
import os
import time

import torch
import torch.distributed as dist
from matplotlib.figure import Figure  # draws to a file, no window or GUI backend needed
from sklearn.datasets import load_digits  # 1,797 real scans shipped inside scikit-learn: nothing to download
from torch import nn
from torch.nn.parallel import DistributedDataParallel
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


def plot_curves(history):
    fig = Figure(figsize=(8, 3.2), layout="constrained")
    loss_ax, accuracy_ax = fig.subplots(1, 2)
    epochs = range(1, len(history["train loss"]) + 1)
    loss_ax.plot(epochs, history["train loss"], "o-", label="train loss")
    loss_ax.plot(epochs, history["test loss"], "o-", label="test loss")
    loss_ax.set(xlabel="epoch", ylabel="cross-entropy", yscale="log")
    loss_ax.legend()
    accuracy_ax.plot(epochs, history["test accuracy"], "o-", color="C2")
    accuracy_ax.set(xlabel="epoch", ylabel="test accuracy")
    return fig


def main():
    torch.manual_seed(SEED)  # the initial weights
    local_rank, rank = int(os.environ["LOCAL_RANK"]), int(os.environ["RANK"])  # set by torchrun
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", local_rank) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    timeout = datetime.timedelta(seconds=60)  # a missing process fails in a minute instead of hanging
    dist.init_process_group("nccl" if cuda else "gloo", timeout=timeout, device_id=device if cuda else None)
    train_loader, test_loader = load_data()
    model = DistributedDataParallel(make_model().to(device), device_ids=[local_rank] if cuda else None)
    loss_fn = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=LR)
    history = {"train loss": [], "test loss": [], "test accuracy": []}
    best_accuracy = 0.0
    for epoch in range(1, EPOCHS + 1):
        train_loader.sampler.set_epoch(epoch)  # a new shuffle each epoch, the same on every rank
        train_loss = train_one_epoch(model, train_loader, loss_fn, optimizer, device)
        test_loss, accuracy = evaluate(model, test_loader, loss_fn, device)
        history["train loss"].append(train_loss)
        history["test loss"].append(test_loss)
        history["test accuracy"].append(accuracy)
        if rank == 0:  # one process prints: every rank has the same numbers
            print(f"epoch {epoch:2d}  train loss {train_loss:.4f}  test loss {test_loss:.4f}", end="  ")
            print(f"test accuracy {accuracy:.2%}")
        if accuracy > best_accuracy:  # the best epoch so far: keep its weights
            best_accuracy, best_epoch = accuracy, epoch
            if rank == 0:  # one writer: the weights are the same on every rank
                torch.save(model.module.state_dict(), "best.pt")  # .module: the model inside DDP
    print(f"rank {rank}: best test accuracy {best_accuracy:.2%} at epoch {best_epoch}")
    time.sleep(0.1)  # lets a gloo thread finish before Python exits: a known problem, see the page
    dist.destroy_process_group()  # no more communication: the rest is rank 0's alone
    if rank != 0:
        return history
    plot_curves(history).savefig("curves.png", dpi=100, metadata={"Software": None})
    torch.save(history, "history.pt")  # the numbers behind the curves, for compare_curves.py

    # Later, or in another program: a fresh model, the saved weights, a prediction.
    restored = make_model().to(device)
    restored.load_state_dict(torch.load("best.pt", map_location=device))  # weights_only=True by default
    restored.eval()
    images, labels = next(iter(test_loader))
    with torch.no_grad():
        predicted = restored(images[:10].to(device)).argmax(dim=1)
    print("predicted:  ", predicted.tolist())
    print("true labels:", labels[:10].tolist())
    return history


if __name__ == "__main__":
    main()
