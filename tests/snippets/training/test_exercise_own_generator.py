"""snippets/training/exercise_own_generator.py (an exercise's solution), run in-process."""


def test_only_the_own_generator_keeps_the_order(run_snippet):
    s = run_snippet("training/exercise_own_generator")
    assert s.first_epoch(False, False) != s.first_epoch(True, False)  # one more layer, another order
    assert s.first_epoch(False, True) == s.first_epoch(True, True)
    order = s.first_epoch(True, True)
    assert sorted(i for batch in order for i in batch) == list(range(12))  # each sample once per epoch
    global_line, own_line = s.stdout.splitlines()
    assert global_line.startswith("global generator:") and global_line.endswith("same order: False")
    assert own_line.startswith("own generator   :") and own_line.endswith("same order: True")
