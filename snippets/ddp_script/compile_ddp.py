# run: torchrun --standalone --nproc-per-node 2 snippets/ddp_script/compile_ddp.py
# measured: \b[VW]\d{4} [^\]]+\]
"""torch.compile on a DDP model: Dynamo splits the graph where DDP's gradient buckets end."""

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel

BUCKET_MB = 1  # the smallest bucket Dynamo's DDP support accepts: DDP's first bucket is 1 MB already


class Wide(nn.Module):
    """An MLP on the 8x8 digits whose hidden layers hold 1 MB of weights each: one bucket per layer."""

    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(
            nn.Flatten(), nn.Linear(64, 512), nn.ReLU(),
            nn.Linear(512, 512), nn.ReLU(),  # 512 x 512 float32 weights: 1 MB
            nn.Linear(512, 512), nn.ReLU(),
            nn.Linear(512, 10),
        )  # fmt: skip

    def forward(self, images):
        return self.layers(images)


def graphs_for(optimize_ddp):
    """How many graphs Dynamo hands the backend for one forward and backward of the DDP model."""
    torch._dynamo.reset()  # forget earlier compilations
    torch._dynamo.config.optimize_ddp = optimize_ddp  # True by default: one graph per bucket
    graphs = []

    def counting_backend(graph_module, example_inputs):
        graphs.append(graph_module)  # called once per graph; runs the graph as it is
        return graph_module.forward

    model = DistributedDataParallel(Wide(), bucket_cap_mb=BUCKET_MB)
    compiled = torch.compile(model, backend=counting_backend)
    compiled(torch.randn(64, 1, 8, 8)).sum().backward()
    return len(graphs)


dist.init_process_group("gloo")
torch.manual_seed(0)
split = graphs_for(optimize_ddp=True)
whole = graphs_for(optimize_ddp=False)
if dist.get_rank() == 0:
    print("optimize_ddp=True: ", split, "graphs")
    print("optimize_ddp=False:", whole, "graph")
dist.destroy_process_group()
