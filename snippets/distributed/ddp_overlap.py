# run: torchrun --standalone --nproc-per-node 2 snippets/distributed/ddp_overlap.py
# figure: ddp_overlap.png
# measured: [\d.]+ ms
"""One DDP backward on 2 processes: when each gradient is ready, when each bucket's all-reduce runs."""

from time import perf_counter

import matplotlib
import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel

matplotlib.use("Agg")
import matplotlib.pyplot as plt

dist.init_process_group("gloo")  # CPU processes: the times are host times
torch.manual_seed(0)
model = nn.Sequential(*[nn.Linear(512, 512) for _ in range(6)])  # each layer about 1 MiB
ddp = DistributedDataParallel(model, bucket_cap_mb=2)  # default 25 MiB; small here: 3 buckets
names = {p: n for n, p in model.named_parameters()}
ready, buckets = {}, []  # parameter -> time its gradient was ready; (bucket, parameters, start, finish)
for p in model.parameters():  # runs when backward has accumulated this parameter's gradient
    p.register_post_accumulate_grad_hook(lambda p: ready.__setitem__(names[p], perf_counter()))


def timed_allreduce(state, bucket):  # the default hook's job (average over ranks), with a stopwatch
    index, params, start = bucket.index(), [names[p] for p in bucket.parameters()], perf_counter()
    future = dist.all_reduce(bucket.buffer().div_(dist.get_world_size()), async_op=True).get_future()
    return future.then(lambda f: buckets.append((index, params, start, perf_counter())) or f.value()[0])


ddp.register_comm_hook(None, timed_allreduce)
for _ in range(3):  # after step 0, DDP rebuilds its buckets in the order backward produced gradients
    ready.clear(), buckets.clear()
    loss = ddp(torch.randn(256, 512)).square().mean()
    t0 = perf_counter()
    loss.backward()  # returns once every bucket's all-reduce has finished
    end = (perf_counter() - t0) * 1000  # milliseconds since backward started, here and below
ready = {n: (t - t0) * 1000 for n, t in ready.items()}
buckets = sorted((i, params, (s - t0) * 1000, (f - t0) * 1000) for i, params, s, f in buckets)
if dist.get_rank() == 0:  # one printout, one figure
    fig, ax = plt.subplots(figsize=(8, 2.4))
    ax.barh(1, end, color="0.9")  # the whole backward, each gradient marked when it is ready
    for index, params, start, finish in buckets:
        print(f"bucket {index}: {' '.join(params)}")
        print(f"  gradients ready: {', '.join(f'{ready[n]:.1f} ms' for n in params)}")
        print(f"  all-reduce: {start:.1f} ms -> {finish:.1f} ms")
        ax.scatter([ready[n] for n in params], [1] * len(params), color=f"C{index}", marker="|", s=400)
        for n in params[1::2]:  # the layer's number, at its weight's gradient
            ax.text(ready[n], 1.3, n.split(".")[0], ha="center", fontsize=8)
        ax.barh(0, finish - start, left=start, color=f"C{index}")
        ax.text(start, -0.5, f"bucket {index}", va="top", fontsize=8)
    print(f"backward returned: {end:.1f} ms")
    ax.set_yticks([0, 1], ["all-reduce", "backward"])
    ax.set_ylim(-0.9, 1.6)
    ax.set_xlabel("ms since backward started")
    fig.tight_layout()
    fig.savefig("ddp_overlap.png", dpi=100, metadata={"Software": None})  # same data, same bytes
dist.destroy_process_group()
