# beside: train.py
# measured: [\d.]+ ms\b
"""Exercise: the capstone's model in fp32 and under bf16 autocast, from one seed: accuracy and step time."""

import statistics
import time

import torch
from torch import nn
from train import EPOCHS, LR, SEED, evaluate, load_data, make_model  # train.py, saved in this folder

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
loss_fn = nn.CrossEntropyLoss()
# A bf16 convolution's weight gradient changes in its last bits with the way CPU threads split the work
# (fp32's did not, here): with one thread the numbers do not change with the number of cores.
torch.set_num_threads(1)


def train(use_bf16):
    """train.py's run: same weights, batches, epochs and optimizer; test accuracies and ms per step."""
    torch.manual_seed(SEED)  # the same initial weights for both runs
    train_loader, test_loader = load_data()  # a fresh loader: its shuffle starts from the seed again
    model = make_model().to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=LR)
    accuracies = []
    step_times = []
    for _ in range(EPOCHS):
        model.train()
        for images, labels in train_loader:
            images, labels = images.to(device), labels.to(device)
            start = time.perf_counter()
            # Only the forward pass and the loss: convolutions and linear run in bf16, the loss in fp32.
            with torch.autocast(device_type=device.type, dtype=torch.bfloat16, enabled=use_bf16):
                loss = loss_fn(model(images), labels)
            optimizer.zero_grad()
            loss.backward()  # outside autocast: each op's backward uses the dtype of its forward
            optimizer.step()  # no GradScaler: bf16 has fp32's exponent range, small gradients survive
            if device.type == "cuda":
                torch.cuda.synchronize()  # GPU work is asynchronous: wait for it before reading the clock
            step_times.append(time.perf_counter() - start)
        # Evaluated as train.py does, in fp32: the weights are fp32 in both runs, only training differs.
        _, accuracy = evaluate(model, test_loader, loss_fn, device)
        accuracies.append(accuracy)
    # The median step: the first steps pay one-off costs, and a busy machine adds a few slow ones.
    return accuracies, statistics.median(step_times) * 1000


def report(name, accuracies, ms):
    best = max(accuracies)
    print(f"{name}: best test accuracy {best:.2%} at epoch {accuracies.index(best) + 1}", end=", ")
    print(f"final {accuracies[-1]:.2%}, {ms:.2f} ms per step")


fp32_accuracies, fp32_ms = train(use_bf16=False)
bf16_accuracies, bf16_ms = train(use_bf16=True)
for epoch in (1, 5, 10, 15, EPOCHS):
    print(f"epoch {epoch:2d}  test accuracy  fp32 {fp32_accuracies[epoch - 1]:.2%}", end="  ")
    print(f"bf16 {bf16_accuracies[epoch - 1]:.2%}")
report("fp32", fp32_accuracies, fp32_ms)
report("bf16", bf16_accuracies, bf16_ms)
