import inspect


def test_a_torchrun_program_runs_unchanged_under_mp_spawn(run_snippet):
    s = run_snippet("distributed/exercise_spawn_env")
    assert s.stdout.splitlines() == [
        "RANK=0  LOCAL_RANK=0  WORLD_SIZE=2  LOCAL_WORLD_SIZE=2",
        "RANK=1  LOCAL_RANK=1  WORLD_SIZE=2  LOCAL_WORLD_SIZE=2",
        "mp.spawn returned",
    ]


def test_the_global_rank_is_machine_times_processes_plus_local(run_snippet):
    s = run_snippet("distributed/exercise_spawn_env")
    source = inspect.getsource(s.as_torchrun)
    assert "RANK=str(node_rank * nproc + local_rank)" in source
    assert "WORLD_SIZE=str(nnodes * nproc)" in source
