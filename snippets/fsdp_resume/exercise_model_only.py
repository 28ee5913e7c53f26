# run: torchrun --standalone --nproc-per-node 2 snippets/fsdp_resume/exercise_model_only.py
# beside: toy_task.py
"""Resuming from the weights alone: the first loss after the stop still matches the run that never stopped,
the next ones do not, because Adam starts again from empty moments."""

import torch
import torch.distributed as dist
import torch.distributed.checkpoint as dcp
import torch.distributed.checkpoint.state_dict as dsd
import torch.nn.functional as F
from torch.distributed.fsdp import fully_shard
from toy_task import batch, initial_weights, make_model


def build():
    """A sharded model and its optimizer, as in train_fsdp.py."""
    with torch.device("meta"):
        model = make_model()
    for module in (model[0], model[2], model[4], model):
        fully_shard(module)
    model.to_empty(device="cpu")
    return model, torch.optim.Adam(model.parameters(), lr=0.01)


def train(model, optimizer, steps):
    """Train the given steps; the mean loss of each step over all ranks, to 6 decimals."""
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
    dist.init_process_group("gloo")
    model, optimizer = build()
    options = dsd.StateDictOptions(full_state_dict=True, broadcast_from_rank0=True)
    dsd.set_model_state_dict(model, initial_weights() if dist.get_rank() == 0 else {}, options=options)
    train(model, optimizer, range(1, 4))
    dcp.save({"model": dsd.get_model_state_dict(model)}, checkpoint_id="checkpoint")  # the weights alone
    losses = {"no stop": train(model, optimizer, range(4, 7))}  # the run that never stopped
    model, optimizer = build()  # a new sharded model and a fresh Adam
    state = {"model": dsd.get_model_state_dict(model)}  # the layout of this run's shards
    dcp.load(state, checkpoint_id="checkpoint")
    dsd.set_model_state_dict(model, state["model"])
    losses["weights only"] = train(model, optimizer, range(4, 7))
    if dist.get_rank() == 0:
        for name, values in losses.items():
            print(f"steps 4-6, {name}: {values}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
