# run: torchrun --standalone --nproc-per-node 2 snippets/fsdp_resume/train_fsdp.py
"""FSDP2 training that can stop and resume: the model is built on the meta device and sharded, each run
trains a few steps from the latest DCP checkpoint, on any number of processes, and saves a new one."""

import datetime
import os
from pathlib import Path

import torch
import torch.distributed as dist
import torch.distributed.checkpoint as dcp
import torch.nn.functional as F
from torch import nn
from torch.distributed.checkpoint.state_dict import (
    StateDictOptions,
    get_state_dict,
    set_model_state_dict,
    set_state_dict,
)
from torch.distributed.fsdp import fully_shard

STEPS = int(os.environ.get("STEPS", 3))  # how many steps this run trains
GLOBAL_BATCH = 8  # samples per step over all processes: 8 / world size on each
CHECKPOINTS = Path("checkpoints")  # one folder per saved step: checkpoints/step-3, ...


def make_model():
    return nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 16), nn.ReLU(), nn.Linear(16, 3))


def initial_weights():
    """The weights of step 0, as a plain state dict: the same in every run."""
    torch.manual_seed(0)
    return make_model().state_dict()


def batch(step):
    """The whole batch of a step: the same in every run, whatever the number of processes."""
    generator = torch.Generator().manual_seed(step)
    inputs = torch.randn(GLOBAL_BATCH, 4, generator=generator)
    labels = torch.randint(0, 3, (GLOBAL_BATCH,), generator=generator)
    return inputs, labels


def latest_step():
    """The step of the newest checkpoint, 0 when there is none."""
    steps = [0]
    for folder in CHECKPOINTS.glob("step-*"):
        steps.append(int(folder.name.removeprefix("step-")))
    return max(steps)


def main():
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=60))
    rank, world = dist.get_rank(), dist.get_world_size()
    with torch.device("meta"):
        model = make_model()  # shapes only: no memory, no values
    for layer in (model[0], model[2], model[4]):
        fully_shard(layer)
    fully_shard(model)
    model.to_empty(device="cpu")  # memory for this rank's shards only, still uninitialized
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)  # after fully_shard: it must hold the shards

    done = latest_step()
    if done == 0:  # a fresh start: rank 0 holds the whole initial weights and sends each rank its shards
        full = initial_weights() if rank == 0 else {}
        options = StateDictOptions(full_state_dict=True, broadcast_from_rank0=True)
        set_model_state_dict(model, full, options=options)  # Adam has no state yet: nothing else to set
    else:  # resume: every rank reads the parts of the checkpoint that its shards need
        model_state, optim_state = get_state_dict(model, optimizer)  # the layout to fill, in this run
        state = {"model": model_state, "optim": optim_state}
        dcp.load(state, checkpoint_id=CHECKPOINTS / f"step-{done}")
        set_state_dict(model, optimizer, model_state_dict=state["model"], optim_state_dict=state["optim"])
        if rank == 0:
            print(f"resumed from step-{done}, world size {world}")

    for step in range(done + 1, done + STEPS + 1):
        inputs, labels = batch(step)
        inputs, labels = inputs.chunk(world)[rank], labels.chunk(world)[rank]  # this rank's part
        loss = F.cross_entropy(model(inputs), labels)
        optimizer.zero_grad()
        loss.backward()  # reduce-scatter: each rank gets the mean gradient of its own shards
        optimizer.step()  # updates this rank's shards and their Adam state
        dist.all_reduce(loss)  # SUM of the ranks' means over equal parts
        if rank == 0:
            print(f"step {step} loss {loss.item() / world:.9f}")

    model_state, optim_state = get_state_dict(model, optimizer)
    dcp.save({"model": model_state, "optim": optim_state}, checkpoint_id=CHECKPOINTS / f"step-{step}")
    if rank == 0:
        print(f"saved step-{step}:", sorted(os.listdir(CHECKPOINTS / f"step-{step}")))
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
