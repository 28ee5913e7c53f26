# run: torchrun --standalone --nproc-per-node 2 snippets/fsdp_resume/exercise_model_only.py
# beside: train_fsdp.py
"""Resuming from the weights alone: the first loss after the stop still matches, the next ones do not,
because Adam starts again from empty moments."""

import datetime

import torch
import torch.distributed as dist
import torch.distributed.checkpoint as dcp
import torch.nn.functional as F
from torch.distributed.checkpoint.state_dict import (
    StateDictOptions,
    get_model_state_dict,
    get_state_dict,
    set_model_state_dict,
    set_state_dict,
)
from torch.distributed.fsdp import fully_shard
from train_fsdp import batch, initial_weights, make_model


def build():
    """A sharded model and its optimizer, as in train_fsdp.py."""
    with torch.device("meta"):
        model = make_model()
    for layer in (model[0], model[2], model[4]):
        fully_shard(layer)
    fully_shard(model)
    model.to_empty(device="cpu")
    return model, torch.optim.Adam(model.parameters(), lr=0.01)


def train(model, optimizer, steps):
    """Train the given steps; the mean loss of each step over all ranks."""
    rank, world = dist.get_rank(), dist.get_world_size()
    losses = []
    for step in steps:
        inputs, labels = batch(step)
        loss = F.cross_entropy(model(inputs.chunk(world)[rank]), labels.chunk(world)[rank])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        dist.all_reduce(loss)
        losses.append(round(loss.item() / world, 6))
    return losses


def main():
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=60))
    model, optimizer = build()
    full = initial_weights() if dist.get_rank() == 0 else {}
    options = StateDictOptions(full_state_dict=True, broadcast_from_rank0=True)
    set_model_state_dict(model, full, options=options)  # the same start as train_fsdp.py
    train(model, optimizer, range(1, 4))
    model_state, optim_state = get_state_dict(model, optimizer)
    dcp.save({"model": model_state, "optim": optim_state}, checkpoint_id="checkpoint")
    results = {"no stop": train(model, optimizer, range(4, 7))}  # the run that never stopped

    model, optimizer = build()  # resume with the optimizer's state
    model_state, optim_state = get_state_dict(model, optimizer)
    state = {"model": model_state, "optim": optim_state}
    dcp.load(state, checkpoint_id="checkpoint")
    set_state_dict(model, optimizer, model_state_dict=state["model"], optim_state_dict=state["optim"])
    results["model and optimizer"] = train(model, optimizer, range(4, 7))

    model, optimizer = build()  # resume with the weights alone: a fresh Adam
    state = {"model": get_model_state_dict(model)}  # asks only for the model's entries
    dcp.load(state, checkpoint_id="checkpoint")
    set_model_state_dict(model, state["model"])
    results["model only"] = train(model, optimizer, range(4, 7))
    if dist.get_rank() == 0:
        for name, losses in results.items():
            print(f"steps 4-6, {name}: {losses}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
