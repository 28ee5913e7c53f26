"""snippets/fsdp_resume/hsdp.py, launched with torchrun on 4 processes (its `# run:` line): on a 2 x 2 mesh
each parameter is sharded across the mesh's columns and replicated across its rows, and stays so."""


def lines_of(out: str, rank: int) -> list[str]:
    """What one rank printed, line by line, without the build's [rankN] prefix."""
    return [ln.removeprefix(f"[rank{rank}] ") for ln in out.splitlines() if ln.startswith(f"[rank{rank}] ")]


def test_sharded_along_one_mesh_dimension_replicated_along_the_other(build_record):
    out = build_record("fsdp_resume/hsdp").output
    for rank in range(4):
        row, column = divmod(rank, 2)  # init_device_mesh lays the ranks out row by row
        assert lines_of(out, rank) == [
            f"rank {rank}: mesh coordinate ({row}, {column}), (Replicate(), Shard(dim=0)), "
            f"local (4, 4) of (8, 4), rows of shard {column}: True",
            f"rank {rank}: after a step, my shard equals its replica: True",
        ]
