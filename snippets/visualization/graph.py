"""Log a model's graph with add_graph (it traces the model with torch.jit.trace) and read it back."""

import torch
from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
from tensorboardX import SummaryWriter
from torch import nn

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"
model = nn.Sequential(
    nn.Conv2d(1, 4, kernel_size=3),
    nn.ReLU(),
    nn.Flatten(),
    nn.Linear(4 * 6 * 6, 10),
).to(device)
example = torch.zeros(1, 1, 8, 8, device=device)  # any input of the right shape: only shapes are traced

with SummaryWriter("runs/graph") as writer:
    # torch.jit.trace runs the model once and records the operations it executed; torch 2.14 warns here
    # that torch.jit.trace is deprecated (the message is shown below this code).
    writer.add_graph(model, example)

graph = EventAccumulator("runs/graph").Reload().Graph()  # a GraphDef, as TensorBoard's Graphs tab reads it
ops = [node.op for node in graph.node]
print("nodes:", len(graph.node))
print("aten ops:", sorted({op for op in ops if op.startswith("aten::")}))
shapes = {node.name: node.attr["_output_shapes"].list.shape for node in graph.node}
output = next(n for n in graph.node if n.op == "IO Node" and "output" in n.name)
print("output node:", output.name, [d.size for d in shapes[output.name][0].dim])
