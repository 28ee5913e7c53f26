"""snippets/distributed_failures/restart.py: torchrun --max-restarts 1 restarts the job after rank 1 fails.

The build keeps the output of the last attempt only (torchrun's log folder holds one per attempt)."""


def lines_of(out: str, rank: int) -> list[str]:
    """What one rank printed on stdout, line by line, without the build's [rankN] prefix."""
    return [ln.removeprefix(f"[rank{rank}] ") for ln in out.splitlines() if ln.startswith(f"[rank{rank}] ")]


def test_the_restarted_attempt_resumes_at_step_4_from_the_checkpoint(build_record):
    out = build_record("distributed_failures/restart").output
    # TORCHELASTIC_RESTART_COUNT is 1: this is the second attempt; the checkpoint saved after step 3 says 4
    assert lines_of(out, 0)[0] == "rank 0: restart 1 of 1, from step 4"
    assert lines_of(out, 1) == ["rank 1: restart 1 of 1, from step 4"]
    assert "rank 1 fails at step 4" not in out  # the failure belongs to attempt 0, whose output is not kept


def test_the_resumed_training_equals_an_uninterrupted_run(build_record):
    out = build_record("distributed_failures/restart").output
    # torch.testing.assert_close passed in the snippet (it raises otherwise, and the build fails)
    assert lines_of(out, 0)[1:] == ["rank 0: after step 5, the same weights as a run without the failure"]
