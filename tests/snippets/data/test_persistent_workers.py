"""snippets/data/persistent_workers.py: the same worker processes, and the same dataset copies, in epoch 2."""


def test_without_persistent_workers_each_epoch_starts_new_ones(run_snippet):
    s = run_snippet("data/persistent_workers")
    (pids1, values1), (pids2, values2) = s.fresh
    assert len(pids1) == len(pids2) == 2 and not pids1 & pids2
    assert values1 == [0, 1, 2, 3] and values2 == [0, 10, 20, 30]  # new copies see scale = 10
    assert "  same workers in epoch 2: False | worker processes started: 4\n" in s.stdout


def test_persistent_workers_survive_the_epoch(run_snippet):
    s = run_snippet("data/persistent_workers")
    (pids1, values1), (pids2, values2) = s.kept
    assert len(pids1) == 2 and pids1 == pids2
    assert values1 == values2 == [0, 1, 2, 3]  # the old copies never saw the main process's change
    assert "  same workers in epoch 2: True | worker processes started: 2\n" in s.stdout
    assert "num_workers=0: persistent_workers option needs num_workers > 0\n" in s.stdout
