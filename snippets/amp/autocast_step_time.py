# record: cuda
# measured: \d+\.\d+ ms
"""Time a training step in fp32 and under autocast (bf16 on the CPU, fp16 on a GPU) on this machine."""

import time

import torch
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
low = torch.float16 if device.type == "cuda" else torch.bfloat16

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(256, 512), nn.ReLU(), nn.Linear(512, 10)).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
x, y = torch.randn(128, 256).to(device), torch.randint(0, 10, (128,)).to(device)
# fp16 training always takes a GradScaler; bf16 needs none, and a disabled scaler passes everything through.
scaler = torch.amp.GradScaler(device.type, enabled=low == torch.float16)


def step(use_autocast: bool) -> torch.Tensor:
    with torch.autocast(device.type, dtype=low, enabled=use_autocast):
        logits = model(x)
        loss = nn.functional.cross_entropy(logits, y)
    optimizer.zero_grad()
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    return logits


def ms_per_step(use_autocast: bool, steps: int = 10) -> float:
    step(use_autocast)  # warm-up: the first call pays one-off costs
    if device.type == "cuda":
        torch.cuda.synchronize()  # GPU work is asynchronous: wait for it before reading the clock
    start = time.perf_counter()
    for _ in range(steps):
        step(use_autocast)
    if device.type == "cuda":
        torch.cuda.synchronize()
    return (time.perf_counter() - start) / steps * 1000


print("device:", device, "| low precision:", low)
print("logits dtype, fp32 step:", step(False).dtype)
print("logits dtype, autocast step:", step(True).dtype)
print("weights stay", model[0].weight.dtype, "under autocast")
fp32_ms, amp_ms = ms_per_step(False), ms_per_step(True)
print(f"fp32:     {fp32_ms:.1f} ms per step")
print(f"autocast: {amp_ms:.1f} ms per step")
