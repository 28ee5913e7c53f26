"""snippets/distributed_failures/unused_parameters.py, launched with torchrun on 2 processes."""


def lines_of(out: str, rank: int) -> list[str]:
    """What one rank printed on stdout, line by line, without the build's [rankN] prefix."""
    return [ln.removeprefix(f"[rank{rank}] ") for ln in out.splitlines() if ln.startswith(f"[rank{rank}] ")]


def test_plain_ddp_fails_at_the_second_step_after_a_silently_unsynchronised_first(build_record):
    out = build_record("distributed_failures/unused_parameters").output
    for rank in (0, 1):
        assert lines_of(out, rank)[:4] == [
            f"rank {rank}: plain DDP, step 1: RuntimeError:",
            "  Expected to have finished reduction in the prior iteration before starting a new one.",
            f"  Parameter indices which did not receive grad for rank {rank}: 2 3",  # aux.weight, aux.bias
            # step 0 "worked", but its bucket never became ready: no all-reduce, the ranks drifted apart
            f"rank {rank}: plain DDP: steps 1, same parameters [False], aux grad None: True",
        ]


def test_find_unused_parameters_and_static_graph_train_in_step(build_record):
    out = build_record("distributed_failures/unused_parameters").output
    every_step = "steps 3, same parameters [True, True, True]"
    for rank in (0, 1):
        assert lines_of(out, rank)[4:] == [
            f"rank {rank}: find_unused_parameters=True: {every_step}, aux grad None: True",
            f"rank {rank}: static_graph=True: {every_step}, aux grad None: True",
            f"rank {rank}: aux used, find_unused_parameters=True: {every_step}, aux grad None: False",
        ]


def test_the_flag_warns_about_its_cost_when_nothing_is_unused(build_record):
    out = build_record("distributed_failures/unused_parameters").output
    cost = (
        "Warning: find_unused_parameters=True was specified in DDP constructor, but did not find any unused "
        "parameters in the forward pass. This flag results in an extra traversal of the autograd graph every "
        "iteration"
    )
    for rank in (0, 1):
        warned = [ln for ln in out.splitlines() if ln.startswith(f"[rank{rank}]:[W") and cost in ln]
        assert len(warned) == 1  # once per process (TORCH_WARN_ONCE), from the fourth run only
