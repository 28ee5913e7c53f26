"""A checkpoint holds model and optimizer state (and the RNG); loading it resumes training exactly."""

import io

import torch
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
torch.manual_seed(0)
x_all, y_all = torch.randn(64, 3), torch.randn(64, 1)  # data on the CPU; batches are moved per step


def make(seed: int):
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1)).to(device)
    return model, torch.optim.Adam(model.parameters(), lr=0.01)


def train(model, optimizer, steps: int) -> None:
    for _ in range(steps):
        idx = torch.randint(0, 64, (16,))  # random batches: the RNG state is part of "where we are"
        loss = nn.functional.mse_loss(model(x_all[idx].to(device)), y_all[idx].to(device))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


# Run A: 4 steps straight.
model_a, opt_a = make(seed=1)
train(model_a, opt_a, 4)

# Run B: 2 steps, save everything to a checkpoint (in memory here; a file works the same way) ...
model_b, opt_b = make(seed=1)
train(model_b, opt_b, 2)
buffer = io.BytesIO()
state = {"step": 2, "model": model_b.state_dict(), "optimizer": opt_b.state_dict()}
state["rng"] = torch.get_rng_state()
torch.save(state, buffer)
print("checkpoint keys:", list(state))

# ... then load it into a freshly built model and optimizer (different init) and train 2 more steps.
model_c, opt_c = make(seed=123)
buffer.seek(0)
# weights_only=True: only tensors and plain containers (the default since torch 2.6, written out here).
# map_location puts the tensors on this machine's device, e.g. a GPU checkpoint loaded on a CPU.
checkpoint = torch.load(buffer, map_location=device, weights_only=True)
model_c.load_state_dict(checkpoint["model"])
opt_c.load_state_dict(checkpoint["optimizer"])  # Adam's moments and step counts
torch.set_rng_state(checkpoint["rng"].cpu())  # the CPU generator wants a CPU ByteTensor
train(model_c, opt_c, 4 - checkpoint["step"])
resumed = all(torch.equal(a, c) for a, c in zip(model_a.parameters(), model_c.parameters(), strict=True))
print("4 straight == 2 + save/load + 2, bit for bit:", resumed)

# Restoring the model but not the optimizer restarts Adam's statistics: the run goes elsewhere.
model_d, opt_d = make(seed=123)
model_d.load_state_dict(checkpoint["model"])
torch.set_rng_state(checkpoint["rng"].cpu())
train(model_d, opt_d, 2)
print("same without the optimizer state:", torch.equal(model_a[0].weight, model_d[0].weight))
