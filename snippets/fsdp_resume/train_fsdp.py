# run: torchrun --standalone --nproc-per-node 2 snippets/fsdp_resume/train_fsdp.py
# beside: toy_task.py
"""FSDP2 training that stops and resumes: built on the meta device and sharded, each run trains a few steps
from the newest DCP checkpoint, on any number of processes, and saves a new one."""

import datetime
import os
from pathlib import Path

import torch
import torch.distributed as dist
import torch.distributed.checkpoint as dcp
import torch.distributed.checkpoint.state_dict as dsd
import torch.nn.functional as F
from torch.distributed.fsdp import fully_shard
from toy_task import batch, initial_weights, make_model

STEPS = int(os.environ.get("STEPS", 3))  # how many steps this run trains
CHECKPOINTS = Path("checkpoints")  # one folder per saved step: checkpoints/step-3, ...


def main():
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=60))
    rank, world = dist.get_rank(), dist.get_world_size()
    with torch.device("meta"):
        model = make_model()  # shapes only: no memory, no values
    for module in (model[0], model[2], model[4], model):
        fully_shard(module)  # each Linear a unit, the root last
    model.to_empty(device="cpu")  # memory for this rank's shards only, still uninitialized
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)  # after fully_shard: it must hold the shards
    saved = [int(folder.name.removeprefix("step-")) for folder in CHECKPOINTS.glob("step-*")]
    done = max(saved, default=0)
    if done == 0:  # a fresh start: rank 0 holds the whole initial weights and sends each rank its shards
        options = dsd.StateDictOptions(full_state_dict=True, broadcast_from_rank0=True)
        dsd.set_model_state_dict(model, initial_weights() if rank == 0 else {}, options=options)
    else:  # resume: every rank reads the parts of the checkpoint that its shards need
        model_state, optim_state = dsd.get_state_dict(model, optimizer)  # the layout to fill, in this run
        state = {"model": model_state, "optim": optim_state}
        dcp.load(state, checkpoint_id=CHECKPOINTS / f"step-{done}")
        dsd.set_state_dict(model, optimizer, model_state_dict=state["model"], optim_state_dict=state["optim"])
    for step in range(done + 1, done + STEPS + 1):
        inputs, labels = batch(step)
        loss = F.cross_entropy(model(inputs.chunk(world)[rank]), labels.chunk(world)[rank])  # my part
        optimizer.zero_grad()
        loss.backward()  # reduce-scatter: each rank gets the mean gradient of its own shards
        optimizer.step()  # updates this rank's shards and their Adam state
        dist.all_reduce(loss)  # SUM of the ranks' means over equal parts
        if rank == 0:
            print(f"step {step} loss {loss.item() / world:.9f}")
    model_state, optim_state = dsd.get_state_dict(model, optimizer)
    dcp.save({"model": model_state, "optim": optim_state}, checkpoint_id=CHECKPOINTS / f"step-{step}")
    if rank == 0:
        print(f"world size {world}, saved step-{step}:", sorted(os.listdir(CHECKPOINTS / f"step-{step}")))
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
