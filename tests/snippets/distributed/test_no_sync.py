"""snippets/distributed/no_sync.py, launched with torchrun on 2 processes as its `# run:` line says."""

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


def row(label: str, calls: int, equal: bool) -> str:
    """A line of the table both ranks print (equal to the whole batch, and the same on every rank)."""
    return f"{label:<37} all-reduces: {calls}, equals the whole batch: {equal}, same on all ranks: {equal}"


def rows_of(out: str, rank: int) -> list[str]:
    """What one rank printed, line by line, without the build's [rankN] prefix."""
    return [ln.removeprefix(f"[rank{rank}] ") for ln in out.splitlines() if ln.startswith(f"[rank{rank}] ")]


def test_the_whole_batch_needs_one_all_reduce_and_gives_the_single_process_gradient(build_record):
    out = build_record("distributed/no_sync").output
    for rank in (0, 1):
        assert rows_of(out, rank)[:2] == [
            f"rank {rank}, whole batch: all-reduces: 1",
            f"gradient of the whole batch: {expected_gradient()}",
        ]


def test_no_sync_saves_all_but_one_all_reduce_and_changes_nothing(build_record):
    out = build_record("distributed/no_sync").output
    for rank in (0, 1):
        rows = rows_of(out, rank)[2:]
        assert rows[0] == row("no no_sync", 4, True)  # one all-reduce per micro-batch
        assert rows[1] == row("forward+backward 0-2 in no_sync", 1, True)  # the recipe: only the last one


def test_the_forward_decides_not_the_backward(build_record):
    out = build_record("distributed/no_sync").output
    for rank in (0, 1):
        rows = rows_of(out, rank)[2:]
        # Backward inside no_sync, its forward outside: every micro-batch still all-reduces (nothing saved).
        assert rows[2] == row("backward 0-2 in no_sync", 4, True)
        # The last forward inside no_sync, its backward outside: nothing is ever all-reduced; each rank
        # keeps the gradient of its own batch, and the replicas drift apart.
        assert rows[3] == row("forward 0-3, backward 0-2 in no_sync", 0, False)
        assert len(rows) == 4
