"""snippets/data/exercise_shard_files.py (an exercise's solution): an IterableDataset sharded by file."""


def test_every_record_is_read_once(run_snippet):
    s = run_snippet("data/exercise_shard_files")
    for num_workers in (0, 2):
        items, once, _ = s.results[num_workers]
        assert once and len(items) == 12
    assert "num_workers=2: 12 records, each once: True" in s.stdout.splitlines()


def test_each_worker_reads_whole_files(run_snippet):
    s = run_snippet("data/exercise_shard_files")
    assert s.results[0][2] == {0: {"a.jsonl": 4, "b.jsonl": 3, "c.jsonl": 5}}
    assert s.results[2][2] == {0: {"a.jsonl": 4, "c.jsonl": 5}, 1: {"b.jsonl": 3}}  # worker 1 has less
    expected = "first 6 with 2 workers: ['a0', 'b100', 'a1', 'b101', 'a2', 'b102']"
    assert expected in s.stdout.splitlines()  # the loader takes the workers' items in turn
