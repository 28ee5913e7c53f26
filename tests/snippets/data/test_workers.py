import sys


def test_batches_alternate_between_two_workers(run_snippet):
    s = run_snippet("data/workers")
    for rows in (s.plain_rows, s.seeded_rows):
        assert [[row[0] for row in batch] for batch in rows] == [[0, 1], [2, 3], [4, 5], [6, 7]]
        assert [[row[1] for row in batch] for batch in rows] == [[0, 0], [1, 1], [0, 0], [1, 1]]


def test_copied_numpy_generator_repeats_in_every_worker(run_snippet):
    s = run_snippet("data/workers")
    numpy_by_worker = {0: [], 1: []}
    for batch in s.plain_rows:
        for _, worker, offset, _ in batch:
            numpy_by_worker[worker].append(offset)
    assert numpy_by_worker[0] == numpy_by_worker[1] == [85, 63, 51, 26]  # the same "augmentation" twice
    assert "   [(0, 0, 85, 6), (1, 0, 63, 10)]" in s.stdout
    assert "   [(2, 1, 85, 24), (3, 1, 63, 2)]" in s.stdout


def test_seed_worker_gives_each_worker_its_own_stream(run_snippet):
    s = run_snippet("data/workers")
    assert s.seeded_rows == [
        [(0, 0, 52, 6), (1, 0, 77, 10)],
        [(2, 1, 24, 24), (3, 1, 65, 2)],
        [(4, 0, 52, 4), (5, 0, 64, 13)],
        [(6, 1, 8, 24), (7, 1, 26, 13)],
    ]
    # torch's own generator is seeded per worker by the DataLoader, with or without worker_init_fn
    assert [r[3] for b in s.plain_rows for r in b] == [r[3] for b in s.seeded_rows for r in b]
    assert "same generator seed, same epoch: True" in s.stdout
    assert "other generator seed, same epoch: False" in s.stdout


def test_workers_start_with_the_default_method(run_snippet):
    s = run_snippet("data/workers")
    assert s.plain.multiprocessing_context is None
    # Linux: fork below Python 3.14, forkserver from 3.14 on; macOS and Windows: spawn
    expected = "fork" if sys.version_info < (3, 14) else "forkserver"
    if sys.platform in ("darwin", "win32"):
        expected = "spawn"
    assert s.start_method == expected
    assert f"multiprocessing_context: None | start method: {expected}\n" in s.stdout
