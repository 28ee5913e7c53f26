"""train.py's data, model and training for the other files of this chapter: the same functions, verbatim.

train.py stays one file a reader copies whole; the files that look at its results (mistakes.py, the exercises)
import these instead of repeating them. tests/snippets/capstone/test_train.py checks the copies match.
"""

import copy

import torch
from sklearn.datasets import load_digits
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

SEED = 0
BATCH_SIZE = 64
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
    shuffle = torch.Generator().manual_seed(SEED)  # every epoch's batch order repeats too
    train_loader = DataLoader(train_set, batch_size=BATCH_SIZE, shuffle=True, generator=shuffle)
    test_loader = DataLoader(test_set, batch_size=BATCH_SIZE)
    return train_loader, test_loader


def make_model():
    return nn.Sequential(
        nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),  # 16 maps of 4x4
        nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),  # 32 maps of 2x2
        nn.Flatten(), nn.Linear(32 * 2 * 2, 10),  # one score (logit) per digit
    )  # fmt: skip


def train_one_epoch(model, loader, loss_fn, optimizer, device):
    model.train()
    total = 0.0
    for images, labels in loader:
        images, labels = images.to(device), labels.to(device)
        loss = loss_fn(model(images), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item() * len(labels)  # the batch's mean times its size: the last batch is smaller
    return total / len(loader.dataset)


@torch.no_grad()  # no graph: nothing here is differentiated
def evaluate(model, loader, loss_fn, device):
    model.eval()
    total, correct = 0.0, 0
    for images, labels in loader:
        images, labels = images.to(device), labels.to(device)
        logits = model(images)
        total += loss_fn(logits, labels).item() * len(labels)
        correct += (logits.argmax(dim=1) == labels).sum().item()  # the highest score is the prediction
    return total / len(loader.dataset), correct / len(loader.dataset)


def train_best(device):
    """train.py's main() without printing, drawing or files: the model holding its best epoch's weights."""
    torch.manual_seed(SEED)
    train_loader, test_loader = load_data()
    model = make_model().to(device)
    loss_fn = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=LR)
    best_accuracy = 0.0
    for _ in range(EPOCHS):
        train_one_epoch(model, train_loader, loss_fn, optimizer, device)
        _, accuracy = evaluate(model, test_loader, loss_fn, device)
        if accuracy > best_accuracy:
            best_accuracy, best_state = accuracy, copy.deepcopy(model.state_dict())
    model.load_state_dict(best_state)
    return model, test_loader
