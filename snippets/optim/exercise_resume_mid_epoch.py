"""Exercise: save a checkpoint mid-epoch; resuming from it carries the loss curve on exactly."""

import io

import torch
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
x_all = torch.arange(128.0).reshape(64, 2).sin()
y_all = x_all @ torch.tensor([[2.0], [-1.0]]) + 0.5
batch_size = 16  # 64 samples: 4 mini-batches per epoch


def make(seed):  # a fresh run: model, optimizer, and where it stands in the data
    torch.manual_seed(seed)
    model = nn.Linear(2, 1).to(device)
    return model, torch.optim.Adam(model.parameters(), lr=0.05), {"batch": 0}


def train(model, optimizer, progress, steps):
    """Train `steps` mini-batches from `progress`: the next mini-batch and this epoch's order."""
    losses = []
    for _ in range(steps):
        if progress["batch"] == 0:  # a new epoch: shuffle, from torch's CPU generator
            progress["order"] = torch.randperm(64)
        start = progress["batch"] * batch_size
        idx = progress["order"][start : start + batch_size]
        loss = nn.functional.mse_loss(model(x_all[idx].to(device)), y_all[idx].to(device))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
        progress["batch"] = (progress["batch"] + 1) % (64 // batch_size)
    return losses


def resume(keep_order):  # load the checkpoint into a run from another seed and train to the end
    buffer.seek(0)
    saved = torch.load(buffer, weights_only=True)
    model, optimizer, _ = make(seed=123)
    model.load_state_dict(saved["model"])
    optimizer.load_state_dict(saved["optimizer"])
    torch.set_rng_state(saved["torch_rng"])
    progress = saved["progress"]
    if not keep_order:
        progress["order"] = torch.randperm(64)  # the mistake: a new shuffle for the rest of the epoch
    return first + train(model, optimizer, progress, 12 - saved["step"])


straight = train(*make(seed=0), 12)  # 3 epochs without a break
model, optimizer, progress = make(seed=0)
first = train(model, optimizer, progress, 6)  # stop in epoch 1, after 2 of its 4 mini-batches
checkpoint = {"model": model.state_dict(), "optimizer": optimizer.state_dict(), "step": 6}
checkpoint["progress"] = progress  # the next mini-batch, and the order the rest of this epoch follows
checkpoint["torch_rng"] = torch.get_rng_state()  # where the later epochs' shuffles come from
buffer = io.BytesIO()
torch.save(checkpoint, buffer)
print("loss per step:", " ".join(f"{loss:.4f}" for loss in straight))
print("resumed with the saved order, same losses bit for bit:", resume(keep_order=True) == straight)
print("resumed with a new shuffle, same losses:", resume(keep_order=False) == straight)
