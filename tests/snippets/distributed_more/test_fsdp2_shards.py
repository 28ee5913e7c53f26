"""snippets/distributed_more/fsdp2_shards.py, launched with torchrun on 2 processes (its `# run:` line)."""


def lines_of(out: str, rank: int) -> list[str]:
    """What one rank printed, line by line, without the build's [rankN] prefix."""
    return [ln.removeprefix(f"[rank{rank}] ") for ln in out.splitlines() if ln.startswith(f"[rank{rank}] ")]


def test_each_rank_stores_its_chunk_of_dim_0_of_every_parameter(build_record):
    out = build_record("distributed_more/fsdp2_shards").output
    # torch.chunk's split of dim 0: 6 rows -> 3 + 3, 5 rows -> 3 + 2 (the last rank gets the remainder)
    local = {0: ["(3, 4)", "(3,)", "(3, 6)", "(3,)"], 1: ["(3, 4)", "(3,)", "(2, 6)", "(2,)"]}
    shapes = {"0.weight": "(6, 4)", "0.bias": "(6,)", "2.weight": "(5, 6)", "2.bias": "(5,)"}
    for rank in (0, 1):
        lines = lines_of(out, rank)
        assert len(lines) == 8
        for line, (name, shape), mine in zip(lines[:4], shapes.items(), local[rank], strict=True):
            assert line == (
                f"rank {rank}: {name} DTensor {shape}, (Shard(dim=0),), local {mine}, "
                "my rows of the full tensor: True"
            )
    assert lines_of(out, 0)[4] == "rank 0: stores 36 of 65 parameter values"
    assert lines_of(out, 1)[4] == "rank 1: stores 29 of 65 parameter values"  # 36 + 29 = 65: no copies


def test_a_layer_is_whole_only_during_its_forward(build_record):
    out = build_record("distributed_more/fsdp2_shards").output
    for rank in (0, 1):
        assert lines_of(out, rank)[5:] == [
            f"rank {rank}: inside forward, 0.weight is a Parameter of shape (6, 4)",
            f"rank {rank}: after forward, 0.weight is a DTensor, local (3, 4)",
            f"rank {rank}: full_tensor() gives back the unsharded parameters: True",
        ]
