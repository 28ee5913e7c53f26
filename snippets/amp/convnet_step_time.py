# record: cuda
# measured: \d+\.\d ms
"""fp32 vs autocast on a small convnet: the time of one training step on this machine."""

import time

import torch
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
low = torch.float16 if device.type == "cuda" else torch.bfloat16
torch.manual_seed(0)
model = nn.Sequential(
    nn.Conv2d(3, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(), nn.MaxPool2d(2),
    nn.Conv2d(32, 64, 3, padding=1), nn.BatchNorm2d(64), nn.ReLU(), nn.MaxPool2d(2),
    nn.Flatten(), nn.Linear(64 * 8 * 8, 10),
).to(device)  # fmt: skip
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
x, y = torch.randn(64, 3, 32, 32, device=device), torch.randint(0, 10, (64,), device=device)


def step(amp: bool, scaler: torch.amp.GradScaler) -> None:
    optimizer.zero_grad(set_to_none=True)
    with torch.autocast(device.type, dtype=low, enabled=amp):
        loss = nn.functional.cross_entropy(model(x), y)
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()


def ms_per_step(amp: bool, steps: int = 5) -> float:
    scaler = torch.amp.GradScaler(device.type, enabled=amp and low == torch.float16)  # fp16 needs one
    step(amp, scaler)  # warm-up: the first step pays one-off costs
    if device.type == "cuda":
        torch.cuda.synchronize()  # GPU work is asynchronous: wait for it before reading the clock
    start = time.perf_counter()
    for _ in range(steps):
        step(amp, scaler)
    if device.type == "cuda":
        torch.cuda.synchronize()
    return (time.perf_counter() - start) / steps * 1000


print(f"torch {torch.__version__}, {device.type}, autocast dtype {low}, batch {tuple(x.shape)}")
if device.type == "cpu":
    print("CPU instruction set torch uses:", torch.backends.cpu.get_cpu_capability())
fp32_ms, amp_ms = ms_per_step(False), ms_per_step(True)
print(f"fp32:     {fp32_ms:.1f} ms per step")
print(f"autocast: {amp_ms:.1f} ms per step")
