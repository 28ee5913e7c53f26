"""The task every FSDP run of this chapter trains: a small model, its weights at step 0 and the batch of each
step, the same in every run, whatever the number of processes."""

import torch
from torch import nn


def make_model():
    return nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 16), nn.ReLU(), nn.Linear(16, 3))


def initial_weights():
    """The weights of step 0, as a plain state dict."""
    torch.manual_seed(0)
    return make_model().state_dict()


def batch(step):
    """A step's whole batch of 8 samples; each process takes its part of it."""
    generator = torch.Generator().manual_seed(step)
    return torch.randn(8, 4, generator=generator), torch.randint(0, 3, (8,), generator=generator)


if __name__ == "__main__":
    for name, tensor in initial_weights().items():
        print(f"{name}: {tuple(tensor.shape)}")
    inputs, labels = batch(1)
    print(f"step 1: inputs {tuple(inputs.shape)}, labels {labels.tolist()}")
    print("step 1 again, the same inputs:", torch.equal(batch(1)[0], inputs))
