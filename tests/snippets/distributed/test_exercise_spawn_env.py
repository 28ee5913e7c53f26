"""snippets/distributed/exercise_spawn_env.py: a torchrun program runs unchanged under mp.spawn.

The file starts its own processes (about 8 s): `make test` asserts on the build's run and reads the source,
`make test-all` runs it again."""

import pytest

from tests.conftest import function_source

EXPECTED = [
    "RANK=0  LOCAL_RANK=0  WORLD_SIZE=2  LOCAL_WORLD_SIZE=2",
    "RANK=1  LOCAL_RANK=1  WORLD_SIZE=2  LOCAL_WORLD_SIZE=2",
    "mp.spawn returned",
]


def test_the_build_saw_the_torchrun_program_run_unchanged_under_mp_spawn(build_record):
    assert build_record("distributed/exercise_spawn_env").output.splitlines() == EXPECTED


@pytest.mark.exhaustive
def test_a_torchrun_program_runs_unchanged_under_mp_spawn(run_snippet):
    s = run_snippet("distributed/exercise_spawn_env")
    assert s.stdout.splitlines() == EXPECTED


def test_the_global_rank_is_machine_times_processes_plus_local():
    source = function_source("distributed/exercise_spawn_env", "as_torchrun")
    assert "RANK=str(node_rank * nproc + local_rank)" in source
    assert "WORLD_SIZE=str(nnodes * nproc)" in source
