# run: torchrun --standalone --nproc-per-node 2 snippets/distributed_more/ddp_amp_accumulation.py
"""DDP with autocast, GradScaler and no_sync: 4 micro-batches, one all-reduce, one scaler step."""

import contextlib
import datetime
import os

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel


def main() -> None:
    local_rank = int(os.environ["LOCAL_RANK"])
    cuda = torch.cuda.device_count() >= int(os.environ["LOCAL_WORLD_SIZE"])  # a GPU for each process?
    device = torch.device("cuda", local_rank) if cuda else torch.device("cpu")
    if cuda:
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if cuda else "gloo", timeout=datetime.timedelta(seconds=60))
    rank, world = dist.get_rank(), dist.get_world_size()
    data = torch.randn(5, world, 16, 9, generator=torch.Generator().manual_seed(1))  # 5 large steps
    mine = data[:, rank].to(device)  # this rank's 16 samples per step: 8 inputs and a target

    def train(dtype: torch.dtype, micro: int) -> tuple[torch.Tensor, int, float]:
        torch.manual_seed(0)
        model = nn.Sequential(nn.Linear(8, 32), nn.Tanh(), nn.Linear(32, 1)).to(device)
        ddp = DistributedDataParallel(model, device_ids=[local_rank] if cuda else None)
        optimizer = torch.optim.SGD(ddp.parameters(), lr=0.1)
        scaler = torch.amp.GradScaler(device.type, enabled=dtype == torch.float16)  # fp16 needs it
        skipped = 0
        for batch in mine:
            for i, part in enumerate(batch.chunk(micro)):
                last = i == micro - 1
                with contextlib.nullcontext() if last else ddp.no_sync():  # all-reduce on the last only
                    with torch.autocast(device.type, dtype=dtype, enabled=dtype != torch.float32):
                        loss = nn.functional.mse_loss(ddp(part[:, :8]), part[:, 8:]) / micro
                    scaler.scale(loss).backward()  # every micro-batch with the same scale
            scaler.unscale_(optimizer)  # the true gradient, once all micro-batches are in
            nn.utils.clip_grad_norm_(ddp.parameters(), max_norm=1.0)
            scale = scaler.get_scale()
            scaler.step(optimizer)  # skipped if a gradient holds inf/NaN
            scaler.update()  # once per large step; halves the scale after a skipped step
            skipped += scaler.get_scale() < scale
            optimizer.zero_grad()
        return nn.utils.parameters_to_vector(ddp.parameters()).detach(), skipped, scaler.get_scale()

    reference, _, _ = train(torch.float32, 1)  # fp32, the whole batch of 16 at once
    for dtype, micro in [(torch.float32, 4), (torch.float16, 1), (torch.float16, 4), (torch.bfloat16, 4)]:
        params, skipped, scale = train(dtype, micro)
        diff = (params - reference).abs().max().item()  # against the fp32 whole batch
        label = f"{str(dtype).removeprefix('torch.')}, {micro} micro-batch{'es' * (micro > 1)}:"
        print(f"rank {rank}: {label:<27} largest |diff| {diff:.1e}, steps skipped {skipped}, scale {scale:g}")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
