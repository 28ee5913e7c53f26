"""snippets/horovod/train.py: DistributedOptimizer + broadcast_parameters + broadcast_optimizer_state leave
both ranks with the same weights, equal to one process trained on the combined batches."""

import re

import pytest
import torch
from torch import nn


def single_process() -> torch.Tensor:
    """Rank 0's start, every step on all 16 samples; the mean of the two halves' losses is what Horovod's
    averaged gradients minimise."""
    torch.manual_seed(0)
    X, Y = torch.randn(5, 16, 4), torch.randn(5, 16, 1)
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for step in range(5):
        optimizer.zero_grad()
        halves = [nn.functional.mse_loss(model(X[step, r::2]), Y[step, r::2]) for r in (0, 1)]
        (sum(halves) / 2).backward()
        optimizer.step()
    return torch.cat([p.detach().flatten() for p in model.parameters()])


def test_ranks_start_apart_and_end_identical(build_record):
    out = build_record("horovod/train").output
    starts = re.findall(r"^\[rank\d\] my first weight at the start: (-?\d+\.\d+)$", out, re.M)
    assert len(starts) == 2 and starts[0] != starts[1]  # broadcast_parameters had work to do
    assert out.count("same weights on every rank: True") == 2


def test_horovod_equals_one_process_on_the_combined_batches(build_record):
    out = build_record("horovod/train").output
    reported = re.findall(r"first weights: \[(.*)\] sum of all: (-?\d+\.\d+)", out)
    assert len(reported) == 2 and reported[0] == reported[1]
    firsts, total = [float(v) for v in reported[0][0].split(", ")], float(reported[0][1])
    expected = single_process()
    assert firsts == pytest.approx(expected[:4].tolist(), abs=1e-4)
    assert total == pytest.approx(expected.sum().item(), abs=1e-4)


def test_each_rank_trained_on_its_own_half(build_record):
    out = build_record("horovod/train").output
    losses = {
        r: re.findall(rf"^\[rank{r}\] step \d: loss on my samples (\d+\.\d+)$", out, re.M) for r in "01"
    }
    assert len(losses["0"]) == len(losses["1"]) == 5 and losses["0"] != losses["1"]
