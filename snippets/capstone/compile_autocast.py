# beside: train.py
# measured: \b[VW]\d{4} [^\]]+\]
"""torch.compile under autocast: the compiled model computes in bfloat16 as the eager one does."""

import torch
from train import make_model

torch.manual_seed(0)
model = make_model().eval()
compiled = torch.compile(model)
images = torch.rand(64, 1, 8, 8)

with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16):  # around the call, as without compile
    eager_logits = model(images)
    compiled_logits = compiled(images)  # Dynamo records the autocast state in the graph it captures
print("eager logits:   ", eager_logits.dtype)
print("compiled logits:", compiled_logits.dtype)
print("largest difference:", (compiled_logits.float() - eager_logits.float()).abs().max().item())
print("weights:", model[0].weight.dtype)  # autocast casts copies for each operation; the weights stay float32
