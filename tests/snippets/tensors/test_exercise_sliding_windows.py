"""snippets/tensors/exercise_sliding_windows.py (an exercise's solution), run in-process."""

import pytest
import torch


def test_windows_are_a_strided_view(run_snippet):
    s = run_snippet("tensors/exercise_sliding_windows")
    assert s.count == 4
    assert s.windows.shape == (4, 3) and s.windows.stride() == (1, 1)
    assert s.windows.untyped_storage().data_ptr() == s.signal.untyped_storage().data_ptr()
    assert "windows: [[1.0, 2.0, 3.0], [2.0, 3.0, 4.0], [3.0, 4.0, 5.0], [4.0, 5.0, 6.0]]\n" in s.stdout
    assert "shape (4, 3) stride (1, 1)\n" in s.stdout
    assert "shares memory with signal: True\n" in s.stdout
    assert "same as signal.unfold(0, 3, 1): True\n" in s.stdout
    assert "moving average: [2.0, 3.0, 4.0, 5.0]\n" in s.stdout


def test_one_write_shows_in_every_window_that_holds_the_element(run_snippet):
    s = run_snippet("tensors/exercise_sliding_windows")
    assert s.signal.tolist() == [1.0, 2.0, 0.0, 4.0, 5.0, 6.0]
    assert s.windows.tolist() == [[1.0, 2.0, 0.0], [2.0, 0.0, 4.0], [0.0, 4.0, 5.0], [4.0, 5.0, 6.0]]
    assert (
        "after windows[0, 2] = 0: [[1.0, 2.0, 0.0], [2.0, 0.0, 4.0], [0.0, 4.0, 5.0], [4.0, 5.0, 6.0]]\n"
        in s.stdout
    )
    assert torch.equal(s.signal.unfold(0, 3, 1), s.windows)


def test_as_strided_checks_the_storage_bounds_but_not_the_windows_meant(run_snippet):
    s = run_snippet("tensors/exercise_sliding_windows")
    # Out of bounds: 4 windows 2 apart need 9 elements (36 bytes) of a 6-element (24-byte) storage.
    assert (
        "RuntimeError: setStorage: sizes [4, 3], strides [2, 1], storage offset 0, and itemsize 4 "
        "requiring a storage size of 36 are out of bounds for storage of size 24\n" in s.stdout
    )
    with pytest.raises(RuntimeError, match="out of bounds for storage of size 24"):
        torch.arange(1.0, 7.0).as_strided((4, 3), (2, 1))
    # In bounds: accepted without a word, whatever windows the strides describe.
    assert "as_strided((2, 3), (1, 2)): [[1.0, 3.0, 5.0], [2.0, 4.0, 6.0]]\n" in s.stdout
