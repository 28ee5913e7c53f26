import torch
from torch import nn


def expected_gradient() -> list[float]:
    """One process: the mean over both ranks' batches of 8 (what DDP's averaged gradient equals)."""
    torch.manual_seed(0)
    layer = nn.Linear(4, 1)
    losses = []
    for rank in (0, 1):
        torch.manual_seed(100 + rank)
        x, y = torch.randn(8, 4), torch.randn(8, 1)
        losses.append(nn.functional.mse_loss(layer(x), y))
    (sum(losses) / 2).backward()
    return [round(v, 4) for v in layer.weight.grad.flatten().tolist()]


def test_no_sync_skips_all_reduces_and_gives_the_same_gradient(build_record):
    out = build_record("distributed/no_sync").output
    for rank in (0, 1):
        assert (
            f"[rank{rank}] rank {rank}: all-reduces: 1 batch 1; 4 micro-batches 1 with no_sync, 4 without"
            in out
        )
    assert out.count("no_sync result equals the whole batch: True") == 2
    assert out.count("without no_sync, also equal: True") == 2


def test_the_gradient_is_the_single_process_gradient_of_both_batches(build_record):
    out = build_record("distributed/no_sync").output
    assert out.count(f"gradient: {expected_gradient()}") == 2
