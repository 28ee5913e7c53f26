import pytest
import torch


def test_comparisons_give_bool_masks(run_snippet):
    s = run_snippet("tensors/masks")
    assert s.positive.dtype == torch.bool
    assert s.positive.tolist() == [[True, False, True], [False, True, False]]
    lines = s.stdout.splitlines()
    assert lines[0] == "x > 0: [[True, False, True], [False, True, False]] torch.bool"
    assert lines[1] == "x == -1: [[False, True, False], [True, False, False]]"


def test_a_mask_selects_and_counts(run_snippet):
    s = run_snippet("tensors/masks")
    assert s.x[s.positive].tolist() == [3, 4, 5] and s.x[s.positive].shape == (3,)
    assert "x[x > 0]: [3, 4, 5]" in s.stdout.splitlines()
    assert s.positive.sum().item() == 3 and s.positive.float().mean().item() == 0.5
    assert "how many positive: 3 | fraction: 0.5" in s.stdout.splitlines()


def test_masks_combine_with_operators_not_keywords(run_snippet):
    s = run_snippet("tensors/masks")
    assert s.small.tolist() == [[True, True, False], [True, False, False]]
    assert "~(x > 0): [[False, True, False], [True, False, True]]" in s.stdout.splitlines()
    message = "Boolean value of Tensor with more than one value is ambiguous"
    assert f"RuntimeError: {message}" in s.stdout.splitlines()
    with pytest.raises(RuntimeError, match=message):
        bool(s.positive)


def test_where_and_whole_tensor_questions(run_snippet):
    s = run_snippet("tensors/masks")
    assert torch.where(s.positive, s.x, 0).tolist() == [[3, 0, 4], [0, 5, 0]]
    assert "torch.where(x > 0, x, 0): [[3, 0, 4], [0, 5, 0]]" in s.stdout.splitlines()
    assert s.stdout.splitlines()[-1] == "any negative: True | all nonzero: True"
