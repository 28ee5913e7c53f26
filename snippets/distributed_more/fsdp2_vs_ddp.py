# run: torchrun --standalone --nproc-per-node 2 snippets/distributed_more/fsdp2_vs_ddp.py
"""FSDP2 trains to DDP's weights: exactly in fp32, closely with bf16 compute and fp32 gradient reduction."""

import copy
import datetime
import os

import torch
import torch.distributed as dist
from torch import nn
from torch.distributed.fsdp import MixedPrecisionPolicy, fully_shard
from torch.nn.parallel import DistributedDataParallel


def main() -> None:
    local_rank = int(os.environ["LOCAL_RANK"])
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", local_rank) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if cuda else "gloo", timeout=datetime.timedelta(seconds=60))
    rank, world = dist.get_rank(), dist.get_world_size()
    data = torch.randn(10, world, 8, 9, generator=torch.Generator().manual_seed(1))  # 10 steps
    mine = data[:, rank].to(device)  # this rank's batch of 8 at each step: 8 inputs and a target
    torch.manual_seed(0)  # the same start on every rank
    base = nn.Sequential(nn.Linear(8, 32), nn.Tanh(), nn.Linear(32, 1)).to(device)

    def train(model: nn.Module) -> torch.Tensor:
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        for batch in mine:
            optimizer.zero_grad()
            nn.functional.mse_loss(model(batch[:, :8]), batch[:, 8:]).backward()
            optimizer.step()
        full = [p.full_tensor() if hasattr(p, "full_tensor") else p for p in model.parameters()]
        return torch.cat([p.detach().flatten() for p in full])  # every rank gets the whole model

    def fsdp(mp_policy: MixedPrecisionPolicy) -> nn.Module:
        model = copy.deepcopy(base)
        for module in (model[0], model[2], model):  # the layers first, the root last
            fully_shard(module, mp_policy=mp_policy)
        return model

    ddp = train(DistributedDataParallel(copy.deepcopy(base), device_ids=[local_rank] if cuda else None))

    def compare(label: str, model: nn.Module, tol: float) -> None:
        diff = (train(model) - ddp).abs().max().item()  # after the same 10 steps
        print(f"rank {rank}: {label}: largest |FSDP2 - DDP| {diff:.1e}, below {tol:g}: {diff < tol}")

    compare("fp32", fsdp(MixedPrecisionPolicy()), 1e-6)  # the default policy: no casting
    model = fsdp(MixedPrecisionPolicy(param_dtype=torch.bfloat16, reduce_dtype=torch.float32))
    with torch.no_grad():
        out = model(mine[0, :, :8])
    print(f"rank {rank}: bf16 policy: stored parameters {next(model.parameters()).dtype}, output {out.dtype}")
    compare("bf16 compute, fp32 reduce", model, 5e-3)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
