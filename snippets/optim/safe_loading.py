"""torch.load now defaults to weights_only=True: state_dicts load, arbitrary pickled objects are refused."""

import io
import pickle

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(2, 1)

# A checkpoint of tensors, numbers, strings, lists, tuples, dicts and None loads with the default.
buffer = io.BytesIO()
torch.save({"epoch": 3, "model": model.state_dict(), "note": "ok", "sizes": (2, 1), "best": None}, buffer)
buffer.seek(0)
loaded = torch.load(buffer)  # no weights_only argument: it is True by default since torch 2.6
print("loaded:", {key: type(value).__name__ for key, value in loaded.items()})
print("weight restored:", torch.equal(loaded["model"]["weight"], model.weight))

# Saving the module object itself pickles its class, and that is refused by default.
whole = io.BytesIO()
torch.save(model, whole)
whole.seek(0)
try:
    torch.load(whole)
except pickle.UnpicklingError as err:
    lines = [line.strip() for line in str(err).splitlines()]
    print("UnpicklingError:", lines[0].split(",")[0] + ".")
    print(next(line for line in lines if line.startswith("(1)")))
    print(next(line for line in lines if line.startswith("WeightsUnpickler")).split(" Please")[0])

# For a file you trust: allow-list the classes it needs, still without running arbitrary code ...
whole.seek(0)
with torch.serialization.safe_globals([nn.Linear]):
    allowed = torch.load(whole)
print("with safe_globals([nn.Linear]):", type(allowed).__name__, tuple(allowed.weight.shape))

# ... or fall back to full unpickling. Only for files you trust: unpickling can execute code.
whole.seek(0)
trusted = torch.load(whole, weights_only=False)
print("weights_only=False:", type(trusted).__name__, torch.equal(trusted.weight, model.weight))
