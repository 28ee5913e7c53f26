"""The uninterrupted run of snippets/fsdp_resume/train_fsdp.py, computed here in one plain process from
toy_task.py's model, weights and batches."""

import runpy

import torch
import torch.nn.functional as F

from tests.conftest import ROOT


def plain_losses(steps: int) -> list[float]:
    names = runpy.run_path(str(ROOT / "snippets/fsdp_resume/toy_task.py"))  # its demo does not run
    model = names["make_model"]()
    model.load_state_dict(names["initial_weights"]())
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    losses = []
    for step in range(1, steps + 1):
        inputs, labels = names["batch"](step)
        loss = F.cross_entropy(model(inputs), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses
