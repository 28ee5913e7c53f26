# run: torchrun --standalone --nproc-per-node 2 snippets/fsdp_resume/exercise_optimizer_first.py
"""An optimizer created before fully_shard holds the old parameters: its step() changes nothing, silently."""

import datetime

import torch
import torch.distributed as dist
from torch import nn
from torch.distributed.fsdp import fully_shard


def one_step(optimizer_first):
    """Build, shard and train one step; did the model's parameters change?"""
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
    if optimizer_first:
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)  # holds the plain Parameters
    for layer in (model[0], model[2]):
        fully_shard(layer)
    fully_shard(model)  # puts new DTensor parameters in place of the old ones
    if not optimizer_first:
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)  # holds the shards
    before = model[0].weight.full_tensor()
    model(torch.randn(4, 4)).square().mean().backward()  # gradients go to the new parameters
    optimizer.step()
    changed = not torch.equal(model[0].weight.full_tensor(), before)
    held = optimizer.param_groups[0]["params"][0]
    return changed, type(held).__name__, held is model[0].weight


def main():
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=60))
    for optimizer_first in (True, False):
        changed, kind, same = one_step(optimizer_first)
        if dist.get_rank() == 0:
            when = "before" if optimizer_first else "after"
            print(f"optimizer {when} fully_shard: holds a {kind}, the model's own: {same},", end=" ")
            print(f"step changed the model: {changed}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
