import pytest
from torch.utils.data import DistributedSampler


def test_two_ranks_get_disjoint_shards_covering_the_dataset(run_snippet):
    s = run_snippet("distributed/sampler")
    for epoch in (s.epoch0, s.epoch1):
        assert not set(epoch[0]) & set(epoch[1])
        assert sorted(epoch[0] + epoch[1]) == list(range(10))
    assert "epoch 0, both shards together: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]" in s.stdout


def test_set_epoch_reshuffles_and_forgetting_it_repeats(run_snippet):
    s = run_snippet("distributed/sampler")
    assert s.epoch0[0] != s.epoch1[0] and s.epoch0[1] != s.epoch1[1]
    assert "rank 0: epoch 0 [4, 7, 3, 0, 6]  epoch 1 [5, 1, 0, 9, 7]" in s.stdout
    assert "rank 1: epoch 0 [1, 5, 9, 8, 2]  epoch 1 [6, 2, 8, 3, 4]" in s.stdout
    assert "no set_epoch, rank 0 twice: [4, 7, 3, 0, 6] [4, 7, 3, 0, 6]" in s.stdout


def test_uneven_split_pads_or_drops(run_snippet):
    s = run_snippet("distributed/sampler")
    assert [len(shard) for shard in s.padded] == [4, 4, 4]
    assert sorted(i for shard in s.padded for i in shard) == [0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 8, 9]
    assert s.dropped == [[4, 5, 0], [1, 3, 8], [7, 9, 6]]
    assert "3 ranks, drop_last: [[4, 5, 0], [1, 3, 8], [7, 9, 6]] | never seen: [2]" in s.stdout
    assert "shuffle=False: [[0, 2, 4, 6, 8], [1, 3, 5, 7, 9]]" in s.stdout


@pytest.mark.parametrize("size", [8, 64, 100])
@pytest.mark.parametrize("world", [2, 4])
@pytest.mark.parametrize("epoch", [0, 1, 7])
def test_shards_partition_any_evenly_divisible_dataset(size, world, epoch):
    shards = []
    for rank in range(world):
        sampler = DistributedSampler(range(size), num_replicas=world, rank=rank, seed=3, drop_last=True)
        sampler.set_epoch(epoch)
        shards.append(list(sampler))
    flat = [i for shard in shards for i in shard]
    assert len(flat) == len(set(flat)) == size - size % world
