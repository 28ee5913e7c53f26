# beside: train.py
# record: cuda
# measured: [\d.]+ m?s\b|\bW\d{4} [^\]]+\]|(?<=compiled: best test accuracy )[\d.]+%, final [\d.]+%
"""The capstone's model under torch.compile: what the first step costs, the steps after it, the accuracy."""

import time

import torch
from torch import nn
from train import EPOCHS, LR, SEED, evaluate, load_data, make_model, train_one_epoch

STEPS = 50  # timed steps after the first one
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
loss_fn = nn.CrossEntropyLoss()


def step_times(model):
    """Seconds taken by the first training step, and by each of the next STEPS on average."""
    optimizer = torch.optim.Adam(model.parameters(), lr=LR)
    train_loader, _ = load_data()
    images, labels = next(iter(train_loader))  # one batch of 64, used for every step
    images, labels = images.to(device), labels.to(device)
    times = []
    for _ in range(STEPS + 1):
        start = time.perf_counter()
        loss = loss_fn(model(images), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if device.type == "cuda":
            torch.cuda.synchronize()  # GPU work is asynchronous: wait for it before reading the clock
        times.append(time.perf_counter() - start)
    return times[0], sum(times[1:]) / STEPS


def train(model):
    """train.py's training: the same batches, epochs and optimizer; the best and the final test accuracy."""
    train_loader, test_loader = load_data()  # a fresh loader: its shuffle starts from the seed again
    optimizer = torch.optim.Adam(model.parameters(), lr=LR)
    accuracies = []
    for _ in range(EPOCHS):
        train_one_epoch(model, train_loader, loss_fn, optimizer, device)
        _, accuracy = evaluate(model, test_loader, loss_fn, device)
        accuracies.append(accuracy)
    return max(accuracies), accuracies[-1]


eager_first, eager_step = step_times(make_model().to(device))
compiled_first, compiled_step = step_times(torch.compile(make_model().to(device)))
print(f"first step:  eager {eager_first * 1000:.1f} ms, compiled {compiled_first:.1f} s")
print(f"later steps: eager {eager_step * 1000:.2f} ms, compiled {compiled_step * 1000:.2f} ms")
torch.manual_seed(SEED)  # the same initial weights as train.py
eager_best, eager_final = train(make_model().to(device))
torch.manual_seed(SEED)
model = torch.compile(make_model().to(device))
compiled_best, compiled_final = train(model)
print(f"eager:    best test accuracy {eager_best:.2%}, final {eager_final:.2%}")
print(f"compiled: best test accuracy {compiled_best:.2%}, final {compiled_final:.2%}")
print("model.state_dict():          ", list(model.state_dict())[:2])
print("model._orig_mod.state_dict():", list(model._orig_mod.state_dict())[:2])
