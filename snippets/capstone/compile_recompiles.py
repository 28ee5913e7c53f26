# beside: train.py
# measured: \b[VW]\d{4} [^\]]+\]|(?<=Recompiling function )\S+ in \S+
"""Batches of changing size under torch.compile: which calls compile again, why, and what dynamic= changes."""

import torch
from train import make_model

BATCH_SIZES = [64, 64, 29, 64, 17]  # train.py's batches of 64, an epoch's last one of 29, and one more size
torch._logging.set_logs(recompiles=True)  # as TORCH_LOGS=recompiles: log each recompilation and its cause


def compilations(model):
    """Call the compiled model on each batch size; return how many graphs it compiled."""
    torch._dynamo.reset()  # start from an empty cache of compiled graphs
    torch._dynamo.utils.counters.clear()
    for batch_size in BATCH_SIZES:
        model(torch.randn(batch_size, 1, 8, 8))
    return torch._dynamo.utils.counters["stats"]["unique_graphs"]


torch.manual_seed(0)
with torch.no_grad():  # forward only: compiles faster, and recompiles the same way
    print("default:      ", compilations(torch.compile(make_model())), "graphs")
    print("dynamic=False:", compilations(torch.compile(make_model(), dynamic=False)), "graphs")
