"""snippets/collectives/process_group.py, launched with torchrun on 4 processes as its `# run:` line says."""

import torch

from docs_runner.records import normalise
from docs_runner.spec import read_spec


def expected(rank: int, backend: str) -> list[str]:
    lines = [
        f"environment: RANK={rank} WORLD_SIZE=4 LOCAL_RANK={rank}"
        " MASTER_ADDR=localhost MASTER_PORT=<measured>",
        f"rank {rank} of world size 4, local rank {rank}, backend {backend}",  # one machine: local = global
        "in a process group after destroy_process_group: False",
    ]
    return [f"[rank{rank}] {line}" for line in lines]


def test_each_rank_joins_the_group_in_its_place_and_leaves_it(build_record):
    out = build_record("collectives/process_group").output
    shown = normalise(out, read_spec("snippets/collectives/process_group.py").measured)
    backend = "nccl" if torch.cuda.device_count() >= 4 else "gloo"  # NCCL only with a GPU per process
    lines = []
    for rank in range(4):
        lines += expected(rank, backend)
    assert shown.splitlines() == lines


def test_all_ranks_meet_at_one_rendezvous(build_record):
    out = build_record("collectives/process_group").output
    ports = {line.rsplit("MASTER_PORT=", 1)[1] for line in out.splitlines() if "MASTER_PORT=" in line}
    assert len(ports) == 1 and next(iter(ports)).isdigit()
