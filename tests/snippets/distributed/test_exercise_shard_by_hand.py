"""snippets/distributed/exercise_shard_by_hand.py (an exercise's solution), run in-process."""

from torch.utils.data import DistributedSampler


def test_the_hand_written_shards_match_the_sampler(run_snippet):
    s = run_snippet("distributed/exercise_shard_by_hand")
    assert s.cases == 460
    assert "my_shard matches DistributedSampler in all 460 cases\n" in s.stdout
    # One more case the loop did not try: another seed and epoch.
    real = DistributedSampler(range(23), num_replicas=5, rank=3, seed=7)
    real.set_epoch(4)
    assert s.my_shard(23, 5, 3, epoch=4, seed=7) == list(real)


def test_padding_repeats_and_drop_last_skips(run_snippet):
    s = run_snippet("distributed/exercise_shard_by_hand")
    assert s.used_twice_and_never(10, 4, False) == (2, 0)  # 10 -> 12: two indices twice
    assert s.used_twice_and_never(10, 4, True) == (0, 2)  # 10 -> 8: two never seen
    assert s.used_twice_and_never(17, 8, False) == (7, 0)
    assert s.used_twice_and_never(17, 8, True) == (0, 1)
    assert "3 samples on 8 ranks (padded by repeating): [[0], [1], [2], [0], [1], [2], [0], [1]]" in s.stdout
