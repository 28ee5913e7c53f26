"""snippets/visualization/ddp_rank0.py, launched with torchrun on 2 processes: rank 0 alone writes events."""

import ast

import pytest
import torch
from torch import nn


def mean_losses(steps: int = 4) -> list[float]:
    """One process redoing the job: DDP's averaged gradient is the gradient of the ranks' mean loss."""
    torch.manual_seed(0)
    layer = nn.Linear(4, 1)
    batches = []
    for rank in (0, 1):
        torch.manual_seed(100 + rank)
        batches.append((torch.randn(16, 4), torch.randn(16, 1)))
    optimizer = torch.optim.SGD(layer.parameters(), lr=0.1)
    out = []
    for _ in range(steps):
        optimizer.zero_grad()
        loss = sum(nn.functional.mse_loss(layer(x), y) for x, y in batches) / 2
        loss.backward()
        optimizer.step()
        out.append(loss.item())
    return out


def test_only_rank_0_writes_one_run(build_record):
    out = build_record("visualization/ddp_rank0").output
    lines = out.splitlines()
    assert lines[:3] == [
        "[rank0] rank 0: has a writer: True, event files from this process: 1",
        "[rank0] run directories: ['ddp']",
        "[rank0] logged loss: [(0, 1.6664), (1, 1.5323), (2, 1.4428), (3, 1.3812)]",
    ]
    assert lines[3:] == ["[rank1] rank 1: has a writer: False, event files from this process: 0"]


def test_logged_values_are_the_mean_over_ranks(build_record):
    out = build_record("visualization/ddp_rank0").output
    logged = ast.literal_eval(out.splitlines()[2].split("logged loss: ")[1])  # the printed (step, value) list
    assert [step for step, _ in logged] == [0, 1, 2, 3]
    assert [value for _, value in logged] == pytest.approx(mean_losses(), abs=1e-4)
