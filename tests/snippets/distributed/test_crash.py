"""snippets/distributed/crash.py: a crashing rank ends the whole torchrun job quickly, leaving nothing."""

from docs_runner.procs import live_group_members


def test_the_job_fails_with_the_crashing_ranks_error(run_snippet):
    s = run_snippet("distributed/crash")
    assert s.job.returncode == 1
    lines = s.stdout.splitlines()
    assert lines[0].startswith("torchrun exit code: 1 after ")
    assert lines[1:] == [
        "rank 1 said: RuntimeError: rank 1 gives up",
        "torchrun's root cause: rank 1, exit code 1",
        "processes of the job still alive: []",
    ]


def test_bounded_time_and_no_orphans(run_snippet):
    s = run_snippet("distributed/crash")
    # Rank 0 sat in an all_reduce with a 60 s timeout: torchrun stopped it long before that.
    assert s.seconds < 60
    assert live_group_members(s.job.pid) == []  # torchrun's whole session is gone, not just torchrun
    assert s.alive_in_group(s.job.pid) == []
