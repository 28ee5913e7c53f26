"""snippets/distributed/ddp_first_step.py, launched with torchrun on 2 processes as its `# run:` line says."""

import re

import torch
from torch import nn


def single_process_weight() -> list[float]:
    """What one process gets from one step on both ranks' batches: DDP averages the gradients."""
    torch.manual_seed(0)
    layer = nn.Linear(4, 1)
    losses = []
    for rank in (0, 1):
        torch.manual_seed(100 + rank)
        x, y = torch.randn(8, 4), torch.randn(8, 1)
        losses.append(nn.functional.mse_loss(layer(x), y))
    (sum(losses) / 2).backward()
    with torch.no_grad():
        layer.weight -= 0.1 * layer.weight.grad
    return [round(v, 4) for v in layer.weight.flatten().tolist()]


def test_both_ranks_report_and_agree(build_record):
    out = build_record("distributed/ddp_first_step").output
    backend = "nccl" if torch.cuda.device_count() >= 2 else "gloo"  # NCCL only with a GPU per process
    assert re.search(rf"^\[rank0\] rank 0 of 2 on {backend}: loss on my batch \d+\.\d{{4}}$", out, re.M)
    assert re.search(rf"^\[rank1\] rank 1 of 2 on {backend}: loss on my batch \d+\.\d{{4}}$", out, re.M)
    assert out.count("same weights on every rank: True") == 2
    # Rank 0's lines come first, then rank 1's: a stable order, whatever the processes' timing.
    lines = out.splitlines()
    assert [ln[:7] for ln in lines] == ["[rank0]"] * 3 + ["[rank1]"] * 3


def test_ddp_step_equals_one_process_on_the_combined_batches(build_record):
    out = build_record("distributed/ddp_first_step").output
    expected = f"weight after the step: {single_process_weight()}"
    assert out.count(expected) == 2, (expected, out)


def test_each_rank_saw_a_different_batch(build_record):
    out = build_record("distributed/ddp_first_step").output
    losses = re.findall(r"loss on my batch (\d+\.\d+)", out)
    assert len(losses) == 2 and losses[0] != losses[1]
