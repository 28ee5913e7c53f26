"""snippets/tensors/exercise_accuracy.py (an exercise's solution), run in-process."""

import torch


def test_scores_and_predictions(run_snippet):
    s = run_snippet("tensors/exercise_accuracy")
    assert s.scores.shape == (8, 3)
    assert s.labels.tolist() == [0, 1, 0, 2, 0, 0, 0, 1]
    assert s.predicted.tolist() == [0, 2, 0, 2, 0, 0, 0, 2]
    assert torch.equal(s.predicted, s.scores.max(dim=1).indices)


def test_accuracy_and_the_wrong_samples(run_snippet):
    s = run_snippet("tensors/exercise_accuracy")
    assert s.correct.dtype == torch.bool and s.correct.sum().item() == 6
    assert s.accuracy == 0.75
    assert s.wrong.tolist() == [1, 7]
    assert s.stdout.splitlines()[-2:] == ["correct: 6 of 8 | accuracy: 0.75", "wrong samples: [1, 7]"]
    # the same count by a loop over the samples
    assert sum(int(p == t) for p, t in zip(s.predicted.tolist(), s.labels.tolist(), strict=True)) == 6
