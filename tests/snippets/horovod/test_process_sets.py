"""snippets/horovod/process_sets.py, launched with horovodrun on 3 processes: a set of ranks 0 and 2."""


def test_the_set_reduces_over_its_members_only(build_record):
    out = build_record("horovod/process_sets").output
    assert out.splitlines() == [
        "[rank0] rank 0: in the set True, the set's ranks [0, 2]",
        "[rank0] rank 0: job sum 111.0",
        "[rank0] rank 0: set sum 101.0, rank 0 of 2 in the set",
        "[rank1] rank 1: in the set False, the set's ranks [0, 2]",
        "[rank1] rank 1: job sum 111.0",  # and nothing more: rank 1 is not in the set
        "[rank2] rank 2: in the set True, the set's ranks [0, 2]",
        "[rank2] rank 2: job sum 111.0",
        "[rank2] rank 2: set sum 101.0, rank 1 of 2 in the set",
    ]
