"""snippets/horovod/exercise_port_collectives.py (an exercise's solution), launched by torchrun."""


def lines_of(output: str, rank: int) -> list[str]:
    prefix = f"[rank{rank}] "
    return [ln.removeprefix(prefix) for ln in output.splitlines() if ln.startswith(prefix)]


def test_torch_distributed_prints_what_horovod_printed(build_record):
    ported = build_record("horovod/exercise_port_collectives").output
    horovod = build_record("horovod/collectives").output
    for rank in (0, 1):
        mine = [ln for ln in lines_of(ported, rank) if not ln.startswith("uneven:")]
        assert mine == lines_of(horovod, rank)
        assert f"[rank{rank}] allgather: [1.0, 2.0, 4.0]\n" in ported
        assert f"[rank{rank}] average:   [1.5, 3.0]\n" in ported


def test_gloo_all_gather_refuses_uneven_shapes(build_record):
    out = build_record("horovod/exercise_port_collectives").output
    line = "uneven:    RuntimeError ProcessGroupGloo::allgather: invalid tensor size"
    assert out.count(line) == 2
