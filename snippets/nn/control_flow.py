"""forward is plain Python: a loop or an if can build a different graph on every call."""

import random

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class DynamicNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.inp = nn.Linear(2, 8)
        self.middle = nn.Linear(8, 8)  # reused 0 to 3 times per call
        self.out = nn.Linear(8, 1)
        self.rng = random.Random(0)  # seeded: the sequence of depths repeats from run to run

    def forward(self, x):
        h = torch.relu(self.inp(x))
        self.depth = self.rng.randint(0, 3)  # decided anew on every call
        for _ in range(self.depth):
            h = torch.relu(self.middle(h))
        return self.out(h)


def count_linear_nodes(fn) -> int:
    """Walk the autograd graph from fn and count the matrix-multiply nodes (one per Linear call)."""
    seen, stack = set(), [fn]
    while stack:
        node = stack.pop()
        if node is not None and node not in seen:
            seen.add(node)
            stack.extend(next_fn for next_fn, _ in node.next_functions)
    return sum(type(node).__name__ == "AddmmBackward0" for node in seen)


model = DynamicNet().to(device)
x = torch.randn(16, 2, device=device)
lr = 0.01
depths, middle_grads = [], []
for call in range(5):
    y = model(x)
    y.sum().backward()
    depths.append(model.depth)
    grad = model.middle.weight.grad
    middle_grads.append(None if grad is None else grad.norm().item())
    used = "not used" if grad is None else "got a gradient"
    nodes = count_linear_nodes(y.grad_fn)
    print(f"call {call}: depth {model.depth} | Linear calls in the graph: {nodes} | middle {used}")
    with torch.no_grad():  # one step of gradient descent by hand, as in the autograd chapter
        for p in model.parameters():
            if p.grad is not None:  # a layer this call did not use has no gradient: skip it
                p -= lr * p.grad
            p.grad = None  # cleared, so a layer the next call does not use shows None

print("output shape is the same for every depth:", tuple(y.shape))
