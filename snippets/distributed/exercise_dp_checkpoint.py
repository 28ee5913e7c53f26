"""Exercise: load a checkpoint saved from an nn.DataParallel model, whose keys all start with `module.`,
into the bare model."""

import io

import torch
from torch import nn


def make_model() -> nn.Module:
    return nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))


torch.manual_seed(0)
trained = make_model()
saved = io.BytesIO()  # a file on disk works the same way
torch.save(nn.DataParallel(trained).state_dict(), saved)  # what an old training script saved
saved.seek(0)
state = torch.load(saved, map_location="cpu")  # DataParallel may have moved the model to a GPU

model = make_model()  # the bare model, with other (random) weights
try:
    model.load_state_dict(state)
except RuntimeError as error:
    for line in str(error).splitlines():  # the message names every key on both sides
        print("loaded as saved:", line.strip())

# The fix: drop the wrapper's prefix from every key, then load as usual.
unwrapped = {}
for key, value in state.items():
    unwrapped[key.removeprefix("module.")] = value
print("keys:", list(state)[:2], "->", list(unwrapped)[:2])
model.load_state_dict(unwrapped)
same = all(torch.equal(model.state_dict()[key], unwrapped[key]) for key in unwrapped)
print("the model now holds the saved weights:", same)
