"""Evaluate with model.eval() plus torch.inference_mode() (or no_grad()), then switch back to train()."""

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Dropout(0.5), nn.Linear(8, 2))
model.to(device)
x = torch.randn(16, 4, device=device)


def check(name):
    """Two forward passes on the same batch: are they equal, is a graph built, did BatchNorm's state move?"""
    running_before = model[1].running_mean.clone()
    first, second = model(x), model(x)
    repeatable = torch.equal(first, second)
    moved = not torch.equal(model[1].running_mean, running_before)
    print(f"{name:28} same output twice: {repeatable!s:5} | graph built: {first.requires_grad!s:5}", end=" ")
    print(f"| running_mean moved: {moved}")
    return repeatable, first.requires_grad, moved


results = {}
model.eval()  # alone: deterministic, but autograd still records everything
results["eval() only"] = check("eval() only")

model.train()
with torch.no_grad():  # alone: no graph, but dropout drops and BatchNorm still updates
    results["no_grad() only"] = check("no_grad() only")

model.eval()
with torch.inference_mode():  # both: what evaluation needs
    results["eval() + inference_mode()"] = check("eval() + inference_mode()")


def evaluate(model, batch):
    """The usual helper: evaluate, then restore whatever mode the model was in."""
    was_training = model.training
    model.eval()
    with torch.inference_mode():
        out = model(batch)
    model.train(was_training)
    return out


model.train()
predictions = evaluate(model, x)
print("after evaluate(): model.training =", model.training, "| predictions", tuple(predictions.shape))
print("predictions are inference tensors:", predictions.is_inference())
