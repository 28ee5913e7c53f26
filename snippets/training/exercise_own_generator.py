"""Exercise: a DataLoader with its own generator keeps its batch order when the model code changes."""

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

dataset = TensorDataset(torch.arange(12.0).unsqueeze(1))


def first_epoch(extra_layer: bool, own_generator: bool) -> list[list[int]]:
    """The batch order of epoch 1 after building the model, as the training script does."""
    torch.manual_seed(0)
    layers = [nn.Linear(1, 8), nn.ReLU()]  # initialising weights draws from the global random stream
    if extra_layer:
        layers += [nn.Linear(8, 8), nn.ReLU()]
    nn.Sequential(*layers, nn.Linear(8, 2))
    generator = torch.Generator().manual_seed(0) if own_generator else None
    loader = DataLoader(dataset, batch_size=4, shuffle=True, generator=generator)
    return [batch[0].flatten().int().tolist() for batch in loader]


for own in (False, True):
    before, after = first_epoch(False, own), first_epoch(True, own)
    label = "own generator   " if own else "global generator"
    print(f"{label}: {before} -> with one more layer {after} | same order: {before == after}")
