"""snippets/horovod/collectives.py: allreduce averages (or sums on request), allgather, broadcast."""


def test_every_rank_gets_the_same_reductions(build_record):
    out = build_record("horovod/collectives").output
    for rank, mine in ((0, [1.0, 2.0]), (1, [2.0, 4.0])):
        assert f"[rank{rank}] mine:      {mine}\n" in out
        assert f"[rank{rank}] average:   [1.5, 3.0]\n" in out
        assert f"[rank{rank}] sum:       [3.0, 6.0]\n" in out
        # rank 0 sent one element, rank 1 two: allgather concatenates them in rank order.
        assert f"[rank{rank}] allgather: [1.0, 2.0, 4.0]\n" in out
        assert f"[rank{rank}] broadcast: [1.0, 2.0]\n" in out
        assert f"[rank{rank}] objects:   [{{'rank': 0}}, {{'rank': 1}}]\n" in out
