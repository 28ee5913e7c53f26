"""A checkpoint holds model, optimizer, scheduler and every RNG; loading it resumes training exactly."""

import io
import random

import numpy as np
import torch
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
x_all, y_all = torch.arange(192.0).reshape(64, 3).sin(), torch.arange(64.0).reshape(64, 1).cos()
np_rng = np.random.default_rng(0)  # the NumPy generator the augmentation draws from
PARTS = ("model", "optimizer", "scheduler")


def make(seed: int):
    torch.manual_seed(seed)  # seeds the CPU generator and every CUDA device's
    random.seed(seed)
    np_rng.bit_generator.state = np.random.default_rng(seed).bit_generator.state
    model = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Dropout(0.2), nn.Linear(8, 1)).to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    return model, optimizer, torch.optim.lr_scheduler.StepLR(optimizer, step_size=3, gamma=0.1)


def train(model, optimizer, scheduler, steps: int) -> None:
    for _ in range(steps):
        idx = torch.randint(0, 64, (16,))  # batches: torch's CPU generator
        noise = torch.from_numpy(np_rng.normal(0, 0.1, (16, 3))).float()  # NumPy's generator
        x = (x_all[idx] + noise) * random.choice((-1, 1))  # a random flip: Python's random
        loss = nn.functional.mse_loss(model(x.to(device)), y_all[idx].to(device))  # Dropout: device's RNG
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        scheduler.step()  # the learning rate drops 10x after step 3


def resume(**replace) -> bool:  # load the checkpoint (parts replaced) into a run from another seed
    checkpoint = torch.load(io.BytesIO(buffer.getvalue()), map_location=device, weights_only=True) | replace
    run = make(seed=123)
    for key, part in zip(PARTS, run, strict=True):
        part.load_state_dict(checkpoint[key])  # weights; Adam's moments and steps; the scheduler's count
    torch.set_rng_state(checkpoint["torch_rng"].cpu())  # generators take their state as CPU tensors
    torch.cuda.set_rng_state_all([s.cpu() for s in checkpoint["cuda_rngs"]])
    random.setstate(checkpoint["python_rng"])
    np_rng.bit_generator.state = checkpoint["numpy_rng"]
    train(*run, 4 - checkpoint["step"])
    return all(torch.equal(a, b) for a, b in zip(run_a[0].parameters(), run[0].parameters(), strict=True))


run_a = make(seed=1)  # run A: 4 steps straight
train(*run_a, 4)
run_b = make(seed=1)  # run B: 2 steps, then save everything
train(*run_b, 2)
state = {"step": 2} | {key: part.state_dict() for key, part in zip(PARTS, run_b, strict=True)}
state |= {"torch_rng": torch.get_rng_state(), "cuda_rngs": torch.cuda.get_rng_state_all()}  # one per GPU
state |= {"python_rng": random.getstate(), "numpy_rng": np_rng.bit_generator.state}
torch.save(state, buffer := io.BytesIO())  # in memory here; a file path works the same way
print("checkpoint keys:", list(state))
print("4 straight == 2 + save/load + 2, bit for bit:", resume())
print("the same with a fresh optimizer state:", resume(optimizer=make(seed=123)[1].state_dict()))
