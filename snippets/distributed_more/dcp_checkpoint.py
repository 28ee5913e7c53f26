# run: torchrun --standalone --nproc-per-node 2 snippets/distributed_more/dcp_checkpoint.py
"""Distributed checkpoint: every rank writes its own shards; one process without FSDP reads them back."""

import datetime
import os
import warnings

import torch
import torch.distributed as dist
import torch.distributed.checkpoint as dcp
from torch import nn
from torch.distributed.checkpoint.format_utils import dcp_to_torch_save
from torch.distributed.checkpoint.state_dict import StateDictOptions, get_model_state_dict, get_state_dict
from torch.distributed.fsdp import fully_shard


def main() -> None:
    local_rank = int(os.environ["LOCAL_RANK"])
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", local_rank) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if cuda else "gloo", timeout=datetime.timedelta(seconds=60))
    rank = dist.get_rank()
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 6), nn.Tanh(), nn.Linear(6, 5)).to(device)
    for module in (model[0], model[2], model):
        fully_shard(module)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.1)
    torch.manual_seed(rank)  # a different batch on each rank
    model(torch.randn(8, 4, device=device)).square().mean().backward()
    optimizer.step()
    model_sd, optim_sd = get_state_dict(model, optimizer)  # DTensor shards, keyed by parameter name
    dcp.save({"model": model_sd, "optim": optim_sd}, checkpoint_id="checkpoint")  # every rank writes
    print(f"rank {rank}: saved {sum(t.to_local().numel() for t in model_sd.values())} of 65 weights")
    trained = {k: v.full_tensor().cpu() for k, v in model_sd.items()}  # to compare with, below
    # The torch.save way: gather the whole model into rank 0's memory first.
    whole = get_model_state_dict(model, options=StateDictOptions(full_state_dict=True, cpu_offload=True))
    print(f"rank {rank}: full_state_dict holds {sum(t.numel() for t in whole.values())} values here")
    dist.destroy_process_group()
    if rank != 0:
        return
    print("files:", sorted(os.listdir("checkpoint")))
    plain = nn.Sequential(nn.Linear(4, 6), nn.Tanh(), nn.Linear(6, 5))  # one process: no group, no FSDP
    state = {"model": plain.state_dict()}  # dcp.load fills these tensors in place
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")  # record it rather than fail
        dcp.load(state, checkpoint_id="checkpoint")  # reads only the "model" entries
    print("dcp.load warned:", [str(w.message) for w in caught])
    plain.load_state_dict(state["model"])
    same = all(torch.equal(trained[k], v) for k, v in plain.state_dict().items())
    print("plain model equals the trained one:", same)
    dcp_to_torch_save("checkpoint", "checkpoint.pt")  # one torch.save file, for tools that want one
    converted = torch.load("checkpoint.pt", weights_only=True)
    same = all(torch.equal(trained[k], v) for k, v in converted["model"].items())
    print(f"dcp_to_torch_save: keys {list(converted)}, {list(converted['optim'])}, model equal: {same}")


if __name__ == "__main__":
    main()
