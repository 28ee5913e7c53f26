"""Exercise: checkpoint_sequential splits an nn.Sequential into segments; count what each choice keeps."""

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint_sequential

torch.manual_seed(0)
layers = []
for _ in range(4):  # the same four blocks as the chapter's MLP, as one flat nn.Sequential of 16 layers
    layers += [nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU()]
model = nn.Sequential(*layers)
weights = {p.untyped_storage().data_ptr() for p in model.parameters()}
x = torch.randn(256, 512)


def saved_tensors(segments):
    """How many tensors autograd saves for backward, with the model cut into this many segments."""
    saved = []

    def pack(t):
        if t.untyped_storage().data_ptr() not in weights:
            saved.append(t)
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        out = checkpoint_sequential(model, segments, x, use_reentrant=False)
    out.sum().backward()
    return len(saved)


counts = {}
for segments in (1, 2, 4, 16):
    counts[segments] = saved_tensors(segments)
    print(f"segments={segments}: {counts[segments]} saved tensors")
