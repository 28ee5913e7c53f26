# figure: curves.png
"""A complete training program on real data: handwritten digits, a small CNN, its curves, the best weights."""

import torch
from matplotlib.figure import Figure  # draws to a file, no window or GUI backend needed
from sklearn.datasets import load_digits  # 1,797 real scans shipped inside scikit-learn: nothing to download
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
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    train_loader, test_loader = load_data()
    model = make_model().to(device)
    loss_fn = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=LR)
    history = {"train loss": [], "test loss": [], "test accuracy": []}
    best_accuracy = 0.0
    for epoch in range(1, EPOCHS + 1):
        train_loss = train_one_epoch(model, train_loader, loss_fn, optimizer, device)
        test_loss, accuracy = evaluate(model, test_loader, loss_fn, device)
        history["train loss"].append(train_loss)
        history["test loss"].append(test_loss)
        history["test accuracy"].append(accuracy)
        print(f"epoch {epoch:2d}  train loss {train_loss:.4f}  test loss {test_loss:.4f}", end="  ")
        print(f"test accuracy {accuracy:.2%}")
        if accuracy > best_accuracy:  # the best epoch so far: keep its weights
            best_accuracy, best_epoch = accuracy, epoch
            torch.save(model.state_dict(), "best.pt")
    print(f"best test accuracy {best_accuracy:.2%} at epoch {best_epoch}, weights saved in best.pt")
    plot_curves(history).savefig("curves.png", dpi=100, metadata={"Software": None})

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
