# measured: \bW\d{4} [^\]]+\]
# measured: [\d.]+ us\b
# measured: \d+ blocks of \d+
"""time.time() around a loop against torch.utils.benchmark.Timer: warm-up, repeats, a median."""

import time

import torch
from torch.utils import benchmark

torch.manual_seed(0)
x = torch.randn(256, 256)

# The naive way: one clock reading before, one after, ten runs, the first one included.
start = time.time()
for _ in range(10):
    y = x @ x
naive = (time.time() - start) / 10
print(f"time.time() loop: {naive * 1e6:.1f} us per matmul")

# Timer warms up first and sizes its blocks from that, then runs blocks until it can trust a median.
timer = benchmark.Timer(stmt="x @ x", globals={"x": x}, label="256x256 matmul")
measurement = timer.blocked_autorange(min_run_time=0.5)
print(f"Timer: median {measurement.median * 1e6:.1f} us", end=" ")
blocks = len(measurement.times)  # each block ran the statement number_per_run times
print(f"(IQR {measurement.iqr * 1e6:.1f} us, {blocks} blocks of {measurement.number_per_run})")
# One thread unless you pass num_threads: compare like with like.
print("threads Timer used:", measurement.task_spec.num_threads)
