"""snippets/ddp_script/exercise_eval_through_ddp.py, launched with torchrun on 2 processes: shares of 3 and 2
batches end through model.module and through the DDP wrapper under no_grad (which broadcasts rank 0's buffers
once), and time out through the wrapper with gradients (a broadcast before every forward)."""

import re


def lines_of(out: str, rank: int) -> list[str]:
    """What one rank printed, line by line, without the build's [rankN] prefix."""
    return [ln.removeprefix(f"[rank{rank}] ") for ln in out.splitlines() if ln.startswith(f"[rank{rank}] ")]


def test_model_module_runs_no_collective_and_the_wrapper_broadcasts_rank_0s_buffer(build_record):
    out = build_record("ddp_script/exercise_eval_through_ddp").output
    for rank in range(2):
        assert lines_of(out, rank)[:2] == [
            # model.module: each rank keeps its own mark; both counted the 3 + 2 batches
            f"rank {rank}: model.module, no_grad: 5 batches, running_mean[0] = {float(rank)}",
            # the wrapper, in eval mode and under no_grad, still broadcast rank 0's buffer: rank 1's mark is 0
            f"rank {rank}: DDP wrapper, no_grad: 5 batches, running_mean[0] = 0.0",
        ]


def test_with_gradients_the_unequal_shares_end_in_the_groups_timeout(build_record):
    out = build_record("ddp_script/exercise_eval_through_ddp").output
    for rank in range(2):
        rest = lines_of(out, rank)[2:]
        assert len(rest) == 1, rest
        m = re.fullmatch(rf"rank {rank}: DDP wrapper, with gradients: RuntimeError after ([\d.]+) s", rest[0])
        assert m and 3.0 <= float(m[1]) < 20  # the short group's 3 s, not the default group's 30 min
