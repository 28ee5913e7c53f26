# measured: (?<=USDT:)[^\]]+\]
# measured: (?<=ERROR:)[^\]]+\]
"""The profiler's memory view on the CPU: what forward leaves allocated, and what checkpointing recomputes."""

import torch
from torch import nn
from torch.profiler import ProfilerActivity, profile, record_function
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
blocks = nn.ModuleList(
    nn.Sequential(nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU()) for _ in range(4)
)
head = nn.Linear(512, 10)
x = torch.randn(256, 512)


def forward(checkpointed):
    h = x
    for block in blocks:
        h = checkpoint(block, h, use_reentrant=False) if checkpointed else block(h)
    return head(h)


for checkpointed in (False, True):
    # profile_memory=True: every operator row also gets the bytes allocated (and freed) inside it
    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        with record_function("forward"):
            out = forward(checkpointed)
        with record_function("backward"):
            out.square().mean().backward()
    rows = {e.key: e for e in prof.key_averages()}
    kept = rows["forward"].cpu_memory_usage  # allocated minus freed: what forward hands to backward
    print(f"checkpoint={checkpointed!s:5}: forward leaves {kept // 1024} KiB allocated", end=" | ")
    print(f"aten::addmm runs {rows['aten::addmm'].count} times")  # the Linear layers' forward
