"""snippets/distributed_failures/restart.py: torchrun --max-restarts 1 restarts the job after rank 1 fails.

The build keeps the output of the last attempt only (torchrun's log folder holds one per attempt)."""

import ast

import torch
from torch import nn

PREFIX = "weights after step 5: "


def lines_of(out: str, rank: int) -> list[str]:
    """What one rank printed on stdout, line by line, without the build's [rankN] prefix."""
    return [ln.removeprefix(f"[rank{rank}] ") for ln in out.splitlines() if ln.startswith(f"[rank{rank}] ")]


def uninterrupted_weights() -> list[float]:
    """The snippet's 6 steps in one process on both ranks' batches (DDP averages the two ranks' gradients, the
    mean loss over both batches gives the same gradient), never interrupted, on the CPU."""
    torch.manual_seed(0)  # the same initial weights as the snippet's model
    model = nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for step in range(6):
        seeds = [100 * step + rank for rank in (0, 1)]
        data = torch.cat([torch.randn(8, 5, generator=torch.Generator().manual_seed(s)) for s in seeds])
        optimizer.zero_grad()
        nn.functional.mse_loss(model(data[:, :4]), data[:, 4:]).backward()
        optimizer.step()
    return torch.cat([model.weight.flatten(), model.bias]).tolist()


def test_the_restarted_attempt_resumes_at_step_4_from_the_checkpoint(build_record):
    out = build_record("distributed_failures/restart").output
    # TORCHELASTIC_RESTART_COUNT is 1: this is the second attempt; the checkpoint saved after step 3 says 4
    for rank in (0, 1):
        assert lines_of(out, rank)[0] == f"rank {rank}: restart 1 of 1, from step 4"
        assert len(lines_of(out, rank)) == 2
    assert "rank 1 fails at step 4" not in out  # the failure belongs to attempt 0, whose output is not kept


def test_the_resumed_training_equals_an_uninterrupted_run(build_record):
    out = build_record("distributed_failures/restart").output
    printed = [lines_of(out, rank)[1] for rank in (0, 1)]
    assert printed[0].startswith(f"rank 0: {PREFIX}")
    assert printed[1] == printed[0].replace("rank 0", "rank 1")  # DDP kept the two ranks equal
    weights = ast.literal_eval(printed[0].removeprefix(f"rank 0: {PREFIX}"))
    assert len(weights) == 5  # 4 weights and the bias of nn.Linear(4, 1)
    # the snippet prints 4 decimals: within rounding of the run that never failed
    torch.testing.assert_close(
        torch.tensor(weights), torch.tensor(uninterrupted_weights()), atol=1e-4, rtol=0
    )


def test_an_uninterrupted_run_ends_elsewhere_than_where_it_started():
    """The comparison above means something only if training moved the weights."""
    torch.manual_seed(0)
    start = torch.cat([p.detach().flatten() for p in nn.Linear(4, 1).parameters()])
    assert (torch.tensor(uninterrupted_weights()) - start).abs().max() > 1e-2
