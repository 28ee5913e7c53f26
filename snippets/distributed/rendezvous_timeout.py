# measured: (?<=after )\d+(?= seconds)|[\d.]+ s\b
"""A rendezvous that never completes fails after the timeout you set, instead of waiting for ever."""

import datetime
import socket
import time

import torch.distributed as dist

with socket.socket() as s:  # a free port; nobody else will join on it
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]

# Rank 0 of a world of 2, but rank 1 never starts (a typo in its address, a node that did not boot...).
start = time.perf_counter()
try:
    dist.init_process_group(
        "gloo",
        init_method=f"tcp://127.0.0.1:{port}",
        rank=0,
        world_size=2,
        timeout=datetime.timedelta(seconds=3),  # also the limit for every later collective
    )
except dist.DistStoreError as err:  # a subclass of RuntimeError
    print(f"{type(err).__name__} after {time.perf_counter() - start:.1f} s:")
    print(err)
print("process group initialised:", dist.is_initialized())
