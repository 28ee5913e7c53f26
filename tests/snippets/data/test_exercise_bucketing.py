"""snippets/data/exercise_bucketing.py (an exercise's solution): a length-bucketing batch_sampler."""


def test_bucketing_cuts_the_padding(run_snippet):
    s = run_snippet("data/exercise_bucketing")
    assert round(s.share["shuffle=True"], 3) == 0.458
    assert round(s.share["BucketSampler"], 3) == 0.054
    assert "shuffle=True:   padding is 45.8% of the batches" in s.stdout.splitlines()
    assert "BucketSampler:  padding is 5.4% of the batches" in s.stdout.splitlines()


def test_the_sampler_yields_every_sample_once_in_full_batches(run_snippet):
    s = run_snippet("data/exercise_bucketing")
    assert s.seen == list(range(1000))
    assert len(s.sampler) == 63  # 62 batches of 16 and one of 8
    sizes = [len(b) for b in s.sampler]
    assert len(sizes) == 63 and sorted(sizes)[1:] == [16] * 62 and min(sizes) == 8
    assert "BucketSampler: each sample once per epoch: True | batches: 63" in s.stdout.splitlines()
