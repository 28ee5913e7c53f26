# beside: train.py
# measured: \b[VW]\d{4} [^\]]+\]
"""Exercise: mark the batch dimension dynamic before the first call, and every batch size shares one graph."""

import torch
from train import make_model

BATCH_SIZES = [64, 64, 29, 64, 17]  # compile_recompiles.py's sizes
torch._logging.set_logs(recompiles=True)  # a recompilation would be logged: none is

torch.manual_seed(0)
model = torch.compile(make_model())
with torch.no_grad():
    for batch_size in BATCH_SIZES:
        images = torch.randn(batch_size, 1, 8, 8)
        torch._dynamo.mark_dynamic(images, 0)  # dimension 0 may take any size: compile for a symbol
        model(images)
print("graphs:", torch._dynamo.utils.counters["stats"]["unique_graphs"])
