"""snippets/collectives/exercise_all_reduce_by_hand.py, launched with torchrun on 4 processes."""

import torch


def summed() -> list[float]:
    """What all_reduce gives: the sum of the 4 ranks' tensors, each drawn after torch.manual_seed(rank)."""
    total = torch.zeros(8)
    for rank in range(4):
        torch.manual_seed(rank)
        total += torch.randn(8)
    return [round(v, 4) for v in total.tolist()]


def test_reduce_scatter_then_all_gather_is_an_all_reduce(build_record):
    out = build_record("collectives/exercise_all_reduce_by_hand").output
    expected = summed()
    lines = []
    for r in range(4):
        lines += [
            f"[rank{r}] rank {r}: all_reduce {expected}",
            f"[rank{r}] rank {r}: by hand    {expected}",
            f"[rank{r}] rank {r}: the same as all_reduce: True",
        ]
    assert out.splitlines() == lines
