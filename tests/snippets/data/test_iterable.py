"""snippets/data/iterable.py: each worker repeats an IterableDataset unless it takes only its shard."""


def test_every_worker_yields_the_whole_stream(run_snippet):
    s = run_snippet("data/iterable")
    assert s.single == [[0, 1], [2, 3], [4, 5]]
    assert s.doubled == [[0, 1], [0, 1], [2, 3], [2, 3], [4, 5], [4, 5]]  # each item twice, once per worker
    assert "num_workers=2, not sharded:  [[0, 1], [0, 1], [2, 3], [2, 3], [4, 5], [4, 5]]\n" in s.stdout


def test_get_worker_info_shards_the_stream(run_snippet):
    s = run_snippet("data/iterable")
    # worker 0 yields 0, 2, 4 and worker 1 yields 1, 3, 5; each batches its own share, so the last are short
    assert s.sharded == [[0, 2], [1, 3], [4], [5]]
    assert "num_workers=2, sharded:      [[0, 2], [1, 3], [4], [5]]\n" in s.stdout
    assert "each item once: True\n" in s.stdout


def test_a_stream_cannot_be_shuffled(run_snippet):
    s = run_snippet("data/iterable")
    message = "DataLoader with IterableDataset: expected unspecified shuffle option, but got shuffle=True"
    assert f"shuffle=True: {message}\n" in s.stdout
