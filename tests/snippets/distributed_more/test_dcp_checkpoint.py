"""snippets/distributed_more/dcp_checkpoint.py, launched with torchrun on 2 processes (its `# run:` line)."""


def test_each_rank_saves_its_own_shards_and_only_rank_0_gathers_the_full_state(build_record):
    out = build_record("distributed_more/dcp_checkpoint").output
    rank1 = [ln for ln in out.splitlines() if ln.startswith("[rank1] ")]
    assert rank1 == [
        "[rank1] rank 1: saved 29 of 65 weights",
        "[rank1] rank 1: full_state_dict holds 0 values here",
    ]
    assert "[rank0] rank 0: saved 36 of 65 weights" in out  # 36 + 29: each value written once
    assert "[rank0] rank 0: full_state_dict holds 65 values here" in out  # the whole model in one process
    assert "[rank0] files: ['.metadata', '__0_0.distcp', '__1_0.distcp']" in out  # one file per rank


def test_one_process_without_fsdp_loads_identical_weights(build_record):
    out = build_record("distributed_more/dcp_checkpoint").output
    rank0 = [ln.removeprefix("[rank0] ") for ln in out.splitlines() if ln.startswith("[rank0] ")]
    assert rank0[3] == (
        "dcp.load warned: ['torch.distributed is disabled, unavailable or uninitialized, "
        "assuming the intent is to load in a single process.']"
    )
    assert rank0[4] == "plain model equals the trained one: True"  # torch.equal, every tensor
    converted = "keys ['model', 'optim'], ['state', 'param_groups'], model equal: True"  # optimizer too
    assert rank0[5] == f"dcp_to_torch_save: {converted}"
    assert len(rank0) == 6
