"""A checkpoint holds model, optimizer, scheduler and every RNG; loading it resumes training exactly."""

import numpy as np
import torch
from torch import nn
from torch.nn.utils import parameters_to_vector

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
x_all, y_all = torch.arange(192.0).reshape(64, 3).sin(), torch.arange(64.0).reshape(64, 1).cos()
np_rng = np.random.default_rng(0)  # the NumPy generator the augmentation draws from


def make(seed):
    torch.manual_seed(seed)  # seeds the CPU generator and every CUDA device's
    np_rng.bit_generator.state = np.random.default_rng(seed).bit_generator.state
    model = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Dropout(0.2), nn.Linear(8, 1)).to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=3, gamma=0.1)
    return model, optimizer, scheduler


def train(model, optimizer, scheduler, steps):
    for _ in range(steps):
        idx = torch.randint(0, 64, (16,))  # the batch: torch's CPU generator
        noise = torch.from_numpy(np_rng.normal(0, 0.1, (16, 3))).float()  # the augmentation: NumPy's
        prediction = model((x_all[idx] + noise).to(device))  # Dropout: the generator of the model's device
        loss = nn.functional.mse_loss(prediction, y_all[idx].to(device))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        scheduler.step()  # the learning rate drops 10x after step 3


def resume(checkpoint):
    """A run from another seed, given the checkpoint and trained to step 4: has it run A's weights?"""
    model, optimizer, scheduler = make(seed=123)  # every part starts out different from run B's
    model.load_state_dict(checkpoint["model"])
    optimizer.load_state_dict(checkpoint["optimizer"])  # Adam's moments and its step count
    scheduler.load_state_dict(checkpoint["scheduler"])  # how many steps the schedule has counted
    torch.set_rng_state(checkpoint["torch_rng"].cpu())  # generators take their state as CPU tensors
    torch.cuda.set_rng_state_all([state.cpu() for state in checkpoint["cuda_rngs"]])  # one per GPU
    np_rng.bit_generator.state = checkpoint["numpy_rng"]
    train(model, optimizer, scheduler, 4 - checkpoint["step"])
    return torch.equal(parameters_to_vector(model.parameters()), parameters_to_vector(run_a[0].parameters()))


run_a = make(seed=1)  # run A: 4 steps straight
train(*run_a, 4)
model, optimizer, scheduler = make(seed=1)  # run B: 2 steps, then save everything
train(model, optimizer, scheduler, 2)
checkpoint = {"step": 2, "model": model.state_dict(), "optimizer": optimizer.state_dict()}
checkpoint["scheduler"] = scheduler.state_dict()
checkpoint["torch_rng"] = torch.get_rng_state()
checkpoint["cuda_rngs"] = torch.cuda.get_rng_state_all()  # one per GPU; an empty list without one
checkpoint["numpy_rng"] = np_rng.bit_generator.state  # a dict of plain numbers
torch.save(checkpoint, "checkpoint.pt")
print("checkpoint keys:", list(checkpoint))

loaded = torch.load("checkpoint.pt", map_location=device)  # weights_only=True: tensors and plain data
print("4 straight == 2 + save/load + 2, bit for bit:", resume(loaded))
