"""snippets/distributed/exercise_uneven_batches.py (an exercise's solution), run in-process."""


def test_averaging_ranks_equals_the_whole_batch_only_for_equal_sizes(run_snippet):
    s = run_snippet("distributed/exercise_uneven_batches")
    assert (s.equal - s.whole).abs().max() < 1e-6
    assert (s.uneven - s.whole).abs().max() > 0.1  # 3 + 5: the small rank's samples weigh more
    assert (s.fixed - s.whole).abs().max() < 1e-6  # sum * world / total restores the global mean
    lines = s.stdout.splitlines()
    assert "3 + 5 samples, mean loss: largest difference 2.1e-01" in lines
    assert any(ln.startswith("3 + 5 samples, sum * world / total: largest difference") for ln in lines)
