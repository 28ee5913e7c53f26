"""snippets/data/collate.py: default_collate cannot stack unequal lengths; pad_collate pads per batch."""

import torch


def test_default_collate_refuses_unequal_lengths(run_snippet):
    s = run_snippet("data/collate")
    message = "stack expects each tensor to be equal size, but got [3] at entry 0 and [1] at entry 1"
    assert f"default_collate: {message}\n" in s.stdout


def test_each_batch_is_padded_to_its_own_longest(run_snippet):
    s = run_snippet("data/collate")
    (p0, l0, y0), (p1, l1, y1) = s.out
    assert p0.shape == (2, 3) and p1.shape == (2, 4)
    assert p0.tolist() == [[5, 3, 8], [7, 0, 0]] and p1.tolist() == [[2, 9, 0, 0], [4, 4, 4, 1]]
    assert l0.tolist() == [3, 1] and l1.tolist() == [2, 4]
    assert y0.tolist() == [0, 1] and y1.tolist() == [1, 0]
    assert p0.dtype == l0.dtype == y0.dtype == torch.int64
    assert "(2, 4) [[2, 9, 0, 0], [4, 4, 4, 1]] lengths [2, 4] labels [1, 0]\n" in s.stdout


def test_lengths_give_the_mask(run_snippet):
    s = run_snippet("data/collate")
    assert s.mask.tolist() == [[True, True, False, False], [True, True, True, True]]
    assert "mean over real tokens: [5.5, 3.25]\n" in s.stdout
    assert "left padding: [[0, 7], [2, 9]]\n" in s.stdout
