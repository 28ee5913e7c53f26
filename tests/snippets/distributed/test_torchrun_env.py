"""snippets/distributed/torchrun_env.py, launched with torchrun on 2 processes as its `# run:` line says."""

from docs_runner.records import normalise
from docs_runner.spec import read_spec


def expected(rank: int) -> list[str]:
    lines = [
        f"RANK: {rank}",
        f"LOCAL_RANK: {rank}",  # one machine: the local rank is the global rank
        "WORLD_SIZE: 2",
        "LOCAL_WORLD_SIZE: 2",
        "GROUP_RANK: 0",
        "MASTER_ADDR: localhost",
        "MASTER_PORT: <measured>",
        "TORCHELASTIC_RESTART_COUNT: 0",
        "TORCHELASTIC_MAX_RESTARTS: 0",
        "TORCHELASTIC_RUN_ID: <measured>",
        "arguments after the file name: []",  # torchrun passes no --local-rank argument
    ]
    return [f"[rank{rank}] {line}" for line in lines]


def test_each_rank_reads_its_place_in_the_job_from_the_environment(build_record):
    out = build_record("distributed/torchrun_env").output
    shown = normalise(out, read_spec("snippets/distributed/torchrun_env.py").measured)
    assert shown.splitlines() == expected(0) + expected(1)


def test_both_ranks_share_the_rendezvous_and_the_run_id(build_record):
    out = build_record("distributed/torchrun_env").output
    values = {}
    for line in out.splitlines():
        key, value = line.split(" ", 1)[1].split(": ", 1)
        values.setdefault(key, set()).add(value)
    assert len(values["MASTER_PORT"]) == 1 and next(iter(values["MASTER_PORT"])).isdigit()
    assert len(values["TORCHELASTIC_RUN_ID"]) == 1
    assert values["RANK"] == {"0", "1"}
