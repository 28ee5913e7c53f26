# record: cuda
# measured: \d+\.\d MiB peak
"""fp32 vs autocast on a small convnet: the bytes autograd keeps for backward (and the peak, on a GPU)."""

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
MiB = 2**20


def saved_for_backward(amp: bool) -> dict[torch.dtype, int]:
    saved, seen = {}, set()  # bytes per dtype, each storage once; the fp32 weights themselves not counted

    def pack(t: torch.Tensor) -> torch.Tensor:
        if not isinstance(t, nn.Parameter) and (ptr := t.untyped_storage().data_ptr()) not in seen:
            seen.add(ptr)
            saved[t.dtype] = saved.get(t.dtype, 0) + t.untyped_storage().nbytes()
        return t

    optimizer.zero_grad(set_to_none=True)
    hooks = torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t)
    with hooks, torch.autocast(device.type, dtype=low, enabled=amp):
        loss = nn.functional.cross_entropy(model(x), y)
    if device.type == "cuda":  # the whole step, on the GPU allocator's own counter
        torch.cuda.reset_peak_memory_stats()
        loss.backward()
        optimizer.step()
        peak = torch.cuda.max_memory_allocated() / MiB
        print(f"  allocated at the peak of backward and step: {peak:.1f} MiB peak")
    return saved


print(f"torch {torch.__version__}, {device.type}, autocast dtype {low}, batch {tuple(x.shape)}")
state = sum(p.numel() * 4 * 3 for p in model.parameters()) / MiB  # fp32 weights, grads, momentum
print(f"weights + grads + momentum, fp32 in both runs: {state:.2f} MiB")
results = {}
for amp in (False, True):
    print("autocast" if amp else "fp32")
    results[amp] = saved = saved_for_backward(amp)
    parts = ", ".join(f"{str(d).removeprefix('torch.')} {n / MiB:.2f}" for d, n in saved.items())
    print(f"  saved for backward: {sum(saved.values()) / MiB:.2f} MiB ({parts})")
ratio = sum(results[True].values()) / sum(results[False].values())
print(f"autocast keeps {ratio:.0%} of the fp32 run's saved bytes")
