"""snippets/distributed_more/fsdp2_accumulation.py (an exercise's solution), launched on 2 processes."""


def test_fsdp2_accumulation_reduces_once_and_equals_the_whole_batch(build_record):
    out = build_record("distributed_more/fsdp2_accumulation").output
    for rank in (0, 1):
        lines = [
            ln.removeprefix(f"[rank{rank}] ") for ln in out.splitlines() if ln.startswith(f"[rank{rank}]")
        ]
        # no reduce-scatter until the last micro-batch: until then the sharded parameter has no gradient
        none = "[True, True, True, False]"
        assert lines[0] == f"rank {rank}: 0.weight.grad is None after micro-batch 0-3: {none}"
        assert lines[1].startswith(f"rank {rank}: 4 micro-batches vs 1: largest |diff| ")
        assert lines[1].endswith(", below 1e-6: True")
        assert len(lines) == 2
