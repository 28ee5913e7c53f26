# run: torchrun --standalone --nproc-per-node 4 snippets/tensor_parallel/exercise_2d.py
"""FSDP and tensor parallelism together on a 2 x 2 mesh: tensor parallel within a row, FSDP across rows; three
training steps give the losses of one plain process on the whole batch."""

import torch
import torch.distributed as dist
import torch.nn.functional as F
from torch import nn
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.fsdp import fully_shard
from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel, parallelize_module


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 4))


def batch(step):
    """The whole batch of a step: 8 samples, the same on every rank."""
    generator = torch.Generator().manual_seed(step)
    return torch.randn(8, 4, generator=generator), torch.randint(0, 4, (8,), generator=generator)


def main():
    dist.init_process_group("gloo")
    mesh = init_device_mesh("cpu", (2, 2), mesh_dim_names=("dp", "tp"))
    model = make_model()
    plan = {"0": ColwiseParallel(), "2": RowwiseParallel(use_local_output=False)}  # within a row
    parallelize_module(model, mesh["tp"], plan)
    fully_shard(model, mesh=mesh["dp"])  # across the rows: FSDP halves each tensor-parallel shard once more
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    plain = make_model()  # one process, the whole batch: the reference
    plain_optimizer = torch.optim.Adam(plain.parameters(), lr=0.01)
    row = mesh["dp"].get_local_rank()  # which half of the batch this rank's row takes
    for step in range(1, 4):
        inputs, labels = batch(step)
        logits = model(inputs.chunk(2)[row]).to_local()  # a whole (replicated) DTensor: take it as a Tensor
        loss = F.cross_entropy(logits, labels.chunk(2)[row])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        expected = F.cross_entropy(plain(inputs), labels)
        plain_optimizer.zero_grad()
        expected.backward()
        plain_optimizer.step()
        dist.all_reduce(loss)  # the 4 ranks' losses: each row's twice
        mean, plain_loss = loss.item() / 4, expected.item()
        if dist.get_rank() == 0:
            print(f"step {step}: loss {mean:.6f}, one process {plain_loss:.6f}, gap {mean - plain_loss:+.0e}")
    weight = model[2].weight  # (4, 8): rows split by FSDP across the mesh's rows, columns by tensor parallel
    print(f"rank {dist.get_rank()}: 2.weight {weight.placements},", end=" ")
    print(f"local {tuple(weight.to_local().shape)} of {tuple(weight.shape)}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
