# needs: cuda
# measured: [\d.]+ ms\b
"""GPU work is queued and runs later: time it after torch.cuda.synchronize(), or with CUDA events."""

import time

import torch
from torch.utils import benchmark

x = torch.randn(4096, 4096, device="cuda")
for _ in range(3):
    y = x @ x  # warm-up: the first calls choose kernels and fill the allocator's cache
torch.cuda.synchronize()

# Wrong: the loop returns as soon as the ten matmuls are queued; the clock never sees them run.
start = time.perf_counter()
for _ in range(10):
    y = x @ x
queued = time.perf_counter() - start
print(f"no synchronize: {queued / 10 * 1e3:.3f} ms per matmul (the time to queue it)")

# Right: wait until the GPU has finished before reading the clock.
torch.cuda.synchronize()
start = time.perf_counter()
for _ in range(10):
    y = x @ x
torch.cuda.synchronize()
finished = time.perf_counter() - start
print(f"synchronize: {finished / 10 * 1e3:.3f} ms per matmul")

# CUDA events are time stamps the GPU itself writes when its queue reaches them.
begin = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
begin.record()
for _ in range(10):
    y = x @ x
end.record()
end.synchronize()  # wait for the GPU to reach the second event, and only for that
print(f"CUDA events: {begin.elapsed_time(end) / 10:.3f} ms per matmul")  # elapsed_time is in ms

# Timer synchronizes by itself when the statement runs on a GPU.
measurement = benchmark.Timer(stmt="x @ x", globals={"x": x}).blocked_autorange(min_run_time=1)
print(f"Timer: median {measurement.median * 1e3:.3f} ms per matmul")
