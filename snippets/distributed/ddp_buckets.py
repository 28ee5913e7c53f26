"""DDP all-reduces gradients in buckets, each as soon as it is full: communication overlaps backward."""

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel

# A process group of one (an in-memory store, no launcher) is enough to watch the order of events.
backend = "nccl" if torch.cuda.is_available() else "gloo"
dist.init_process_group(backend, store=dist.HashStore(), rank=0, world_size=1)
device = torch.device("cuda", 0) if torch.cuda.is_available() else torch.device("cpu")

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(1024, 1024), nn.ReLU(), nn.Linear(1024, 1024), nn.ReLU(), nn.Linear(1024, 10))
model = model.to(device)
names = {p: name for name, p in model.named_parameters()}
events = []
for name, p in model.named_parameters():  # log the moment backward produces each gradient
    p.register_hook(lambda grad, name=name: events.append(f"gradient ready: {name}"))

ddp = DistributedDataParallel(model, bucket_cap_mb=4)  # default 25 MiB; small here to get two buckets


def logging_allreduce(state, bucket):
    """The default hook's job (average the bucket over ranks), plus a log line."""
    events.append(f"all-reduce bucket {bucket.index()}: {', '.join(names[p] for p in bucket.parameters())}")
    buffer = bucket.buffer().div_(dist.get_world_size())
    return dist.all_reduce(buffer, async_op=True).get_future().then(lambda fut: fut.value()[0])


ddp.register_comm_hook(None, logging_allreduce)
x = torch.randn(8, 1024, device=device)
for _ in range(2):  # step 0 uses one big bucket; after it DDP rebuilds buckets in backward order
    events.clear()
    ddp(x).sum().backward()
print("\n".join(events))
dist.destroy_process_group()
