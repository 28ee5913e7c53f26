"""no_grad() and inference_mode() stop autograd recording: no graph, no activations kept for backward."""

import contextlib

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Sequential(nn.Linear(256, 512), nn.ReLU(), nn.Linear(512, 10)).to(device)
x = torch.randn(64, 256, device=device)
weights = {p.untyped_storage().data_ptr() for p in model.parameters()}


def forward(context):
    """Run the model; also return how many bytes of activations autograd saved for backward."""
    kept = {}

    def pack(t):  # called once for every tensor autograd saves
        if t.untyped_storage().data_ptr() not in weights:  # weights exist anyway: don't count them
            kept[t.untyped_storage().data_ptr()] = t.untyped_storage().nbytes()
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t), context:
        out = model(x)
    return out, sum(kept.values())


runs = [
    ("train()", True, contextlib.nullcontext()),
    ("eval()", False, contextlib.nullcontext()),
    ("train() + no_grad()", True, torch.no_grad()),
    ("eval() + inference_mode()", False, torch.inference_mode()),
]
outputs, saved_bytes = {}, {}
for name, training, context in runs:
    model.train(training)
    outputs[name], saved_bytes[name] = forward(context)
    grad_fn = type(outputs[name].grad_fn).__name__
    print(f"{name:26} requires_grad={outputs[name].requires_grad!s:5} grad_fn={grad_fn:14}", end=" ")
    print(f"saved for backward: {saved_bytes[name] // 1024} KiB")

# eval() does not stop autograd: backward works and fills .grad.
outputs["eval()"].sum().backward()
print("after backward in eval mode, weight.grad:", tuple(model[0].weight.grad.shape))

# Without a graph there is nothing to backpropagate through.
try:
    outputs["train() + no_grad()"].sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)

# Inference tensors are stricter still: autograd refuses to save them later.
try:
    outputs["eval() + inference_mode()"] * model[2].bias
except RuntimeError as err:
    print("RuntimeError:", err)
