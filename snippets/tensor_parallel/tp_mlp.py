# run: torchrun --standalone --nproc-per-node 2 snippets/tensor_parallel/tp_mlp.py
"""Tensor parallelism on an MLP: the first Linear split by output columns, the second by input rows; each
rank computes half of the hidden features, and one all-reduce sums the halves of the output."""

import copy
import datetime

import torch
import torch.distributed as dist
from torch import nn
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel, parallelize_module


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = nn.Linear(4, 8)
        self.down = nn.Linear(8, 4)

    def forward(self, x):
        return self.down(torch.relu(self.up(x)))


def main():
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=60))
    rank = dist.get_rank()
    mesh = init_device_mesh("cpu", (2,))  # one dimension: both ranks share every layer
    torch.manual_seed(0)  # the same weights and the same input on every rank
    model = MLP()
    whole = copy.deepcopy(model)  # the unsharded model, to compare with
    parallelize_module(model, mesh, {"up": ColwiseParallel(), "down": RowwiseParallel()})
    for name, p in model.named_parameters():
        print(f"rank {rank}: {name} {p.placements}, local {tuple(p.to_local().shape)} of {tuple(p.shape)}")

    def show(layer, args, output):  # runs after model.up's forward
        print(f"rank {rank}: up's output here is a {type(output).__name__} of shape {tuple(output.shape)}")

    model.up.register_forward_hook(show)
    x = torch.randn(3, 4)  # every rank passes the same whole input
    y = model(x)  # the halves of the output are summed by an all-reduce inside down
    expected = whole(x)
    gap = (y - expected).abs().max().item()
    print(f"rank {rank}: output {tuple(y.shape)}, largest difference from the whole model: {gap:.1e}")
    y.sum().backward()
    expected.sum().backward()
    grad = model.up.weight.grad.full_tensor()  # the gradient is sharded like its parameter
    gap = (grad - whole.up.weight.grad).abs().max().item()
    print(f"rank {rank}: up.weight's gradient, largest difference from the whole model: {gap:.1e}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
