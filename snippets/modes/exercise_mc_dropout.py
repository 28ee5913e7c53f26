"""Exercise: Monte Carlo dropout: BatchNorm in eval mode, only Dropout in train mode, many passes."""

import torch
from torch import nn

torch.manual_seed(0)
# A tiny CPU model and a fixed seed, so the printed numbers are the same on every machine.
model = nn.Sequential(nn.Linear(3, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Dropout(0.5), nn.Linear(32, 1))
x = torch.randn(4, 3)


def predict(model, x, passes):
    """Mean and spread of `passes` predictions with only the Dropout layers sampling."""
    modes = {m: m.training for m in model.modules()}  # remember every submodule's own mode
    model.eval()
    for m in model.modules():
        if isinstance(m, nn.Dropout):
            m.train()  # the one layer that should stay random
    with torch.inference_mode():
        outs = torch.stack([model(x) for _ in range(passes)])
    for m, training in modes.items():
        m.train(training)  # restore each submodule, not one mode for all
    return outs.mean(0).squeeze(1), outs.std(0).squeeze(1)


model.train()
running = model[1].running_mean.clone()
mean, spread = predict(model, x, passes=100)
print("MC dropout mean:  ", [round(v, 4) for v in mean.tolist()])
print("MC dropout spread:", [round(v, 4) for v in spread.tolist()])
print("running_mean untouched:", torch.equal(model[1].running_mean, running))
print("model back in train mode:", all(m.training for m in model.modules()))

model.eval()  # plain evaluation: deterministic, so no spread at all
with torch.inference_mode():
    outs = torch.stack([model(x) for _ in range(100)])
print("plain eval(): all 100 passes identical:", all(torch.equal(o, outs[0]) for o in outs))
print("plain eval() prediction:", [round(v, 4) for v in outs[0].squeeze(1).tolist()])
