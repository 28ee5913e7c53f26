# beside: train.py
"""Exercise: choose the best epoch on a validation set, so the test set is looked at only once, at the end."""

import copy

import torch
from sklearn.datasets import load_digits
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
from train import BATCH_SIZE, EPOCHS, LR, SEED, evaluate, make_model, train_one_epoch  # from train.py


def load_data():
    digits = load_digits()
    images = torch.tensor(digits.images, dtype=torch.float32).unsqueeze(1) / 16
    labels = torch.tensor(digits.target)
    order = torch.randperm(len(labels), generator=torch.Generator().manual_seed(SEED))  # train.py's order
    train, validation, test = order[:1150], order[1150:1437], order[1437:]  # train.py's 360 test images
    train_set = TensorDataset(images[train], labels[train])
    validation_set = TensorDataset(images[validation], labels[validation])
    test_set = TensorDataset(images[test], labels[test])
    shuffle = torch.Generator().manual_seed(SEED)
    train_loader = DataLoader(train_set, batch_size=BATCH_SIZE, shuffle=True, generator=shuffle)
    validation_loader = DataLoader(validation_set, batch_size=BATCH_SIZE)
    test_loader = DataLoader(test_set, batch_size=BATCH_SIZE)
    return train_loader, validation_loader, test_loader


torch.manual_seed(SEED)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
train_loader, validation_loader, test_loader = load_data()
print("train", len(train_loader.dataset), "| validation", len(validation_loader.dataset), end=" ")
print("| test", len(test_loader.dataset))
model = make_model().to(device)
loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=LR)
best_accuracy = 0.0
for epoch in range(1, EPOCHS + 1):
    train_one_epoch(model, train_loader, loss_fn, optimizer, device)
    _, accuracy = evaluate(model, validation_loader, loss_fn, device)
    if accuracy > best_accuracy:  # chosen on the validation set; the test set is not touched here
        best_accuracy, best_epoch = accuracy, epoch
        best_state = copy.deepcopy(model.state_dict())  # a copy: the model keeps training
print(f"best validation accuracy {best_accuracy:.2%} at epoch {best_epoch}")

model.load_state_dict(best_state)
_, test_accuracy = evaluate(model, test_loader, loss_fn, device)  # the one look at the test set
print(f"test accuracy {test_accuracy:.2%}")
