"""snippets/modes/exercise_frozen_bn.py (an exercise's solution), run in-process."""


def test_overriding_train_keeps_batchnorm_frozen(run_snippet):
    s = run_snippet("modes/exercise_frozen_bn")
    assert "bn.eval() once, running_mean moved: True" in s.stdout  # model.train() undid it
    assert "train() overridden, running_mean moved: False" in s.stdout
    assert "modes after model.train(): {'BatchNorm1d': False, 'ReLU': True, 'Dropout': True}" in s.stdout
    assert s.frozen[1].training is False and s.naive[1].training is True
    assert s.frozen[1].num_batches_tracked.item() == 0 and s.naive[1].num_batches_tracked.item() == 2


def test_the_rest_still_trains(run_snippet):
    s = run_snippet("modes/exercise_frozen_bn")
    assert "BatchNorm weight still learns: True" in s.stdout
    assert "dropout still drops (two passes differ): True" in s.stdout
