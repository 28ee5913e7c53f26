"""snippets/distributed/crash.py: a crashing rank ends the whole torchrun job quickly, leaving nothing.

The file starts a torchrun job of its own (about 17 s): `make test` asserts on the build's run, `make
test-all` runs it again and checks the job's objects and the time it took."""

import re

import pytest

from docs_runner.procs import live_group_members

LINES_AFTER_THE_EXIT = [
    "rank 1 said: RuntimeError: rank 1 gives up",
    "torchrun's root cause: rank 1, exit code 1",
    "processes of the job still alive: []",
]


def test_the_build_saw_the_job_fail_with_the_crashing_ranks_error_and_leave_nothing(build_record):
    lines = build_record("distributed/crash").output.splitlines()
    took = re.fullmatch(r"torchrun exit code: 1 after ([\d.]+) s", lines[0])
    assert took, lines[0]
    assert float(took[1]) < 60  # rank 0 sat in an all_reduce with a 60 s timeout: torchrun stopped it first
    assert lines[1:] == LINES_AFTER_THE_EXIT


@pytest.mark.exhaustive
def test_the_job_fails_with_the_crashing_ranks_error(run_snippet):
    s = run_snippet("distributed/crash")
    assert s.job.returncode == 1
    lines = s.stdout.splitlines()
    assert lines[0].startswith("torchrun exit code: 1 after ")
    assert lines[1:] == LINES_AFTER_THE_EXIT


@pytest.mark.exhaustive
def test_bounded_time_and_no_orphans(run_snippet):
    s = run_snippet("distributed/crash")
    # Rank 0 sat in an all_reduce with a 60 s timeout: torchrun stopped it long before that.
    assert s.seconds < 60
    assert live_group_members(s.job.pid) == []  # torchrun's whole session is gone, not just torchrun
    assert s.alive_in_group(s.job.pid) == []
