"""Exercise: save a checkpoint mid-training and resume so that the result equals an uninterrupted run."""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
data = torch.Generator().manual_seed(0)
features = torch.randn(200, 2, generator=data)
dataset = TensorDataset(features, (features[:, 0] * features[:, 1] > 0).long())  # XOR-like quadrants


def make():
    """Model, optimizer and loader built exactly as the training script builds them."""
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(2, 32), nn.ReLU(), nn.Linear(32, 2)).to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    loader = DataLoader(dataset, batch_size=32, shuffle=True, generator=torch.Generator().manual_seed(0))
    return model, optimizer, loader


def train(model, optimizer, loader, epochs):
    for _ in epochs:
        for x, y in loader:
            loss = nn.functional.cross_entropy(model(x.to(device)), y.to(device))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


model, optimizer, loader = make()
train(model, optimizer, loader, range(4))
straight = model.state_dict()

for restore_order in (False, True):
    model, optimizer, loader = make()
    train(model, optimizer, loader, range(2))
    checkpoint = {
        "epoch": 2,
        "model": model.state_dict(),
        "optimizer": optimizer.state_dict(),  # Adam's moments and step counts
        "loader_rng": loader.generator.get_state(),  # where the shuffling stream stands
    }
    torch.save(checkpoint, "checkpoint.pt")

    model, optimizer, loader = make()  # a fresh process would start here
    checkpoint = torch.load("checkpoint.pt", map_location=device, weights_only=True)
    model.load_state_dict(checkpoint["model"])
    optimizer.load_state_dict(checkpoint["optimizer"])
    if restore_order:
        loader.generator.set_state(checkpoint["loader_rng"])
    train(model, optimizer, loader, range(checkpoint["epoch"], 4))
    same = all(torch.equal(straight[k], model.state_dict()[k]) for k in straight)
    diff = max((straight[k] - model.state_dict()[k]).abs().max().item() for k in straight)
    print(f"loader generator restored: {restore_order}, bitwise equal: {same}, largest difference {diff:.1e}")
