"""snippets/perf/exercise_channels_last_view.py (an exercise's solution): the input decides the output's
memory format, view() refuses it, flatten() copies."""

import pytest
import torch


def test_the_input_decides_and_view_refuses(run_snippet):
    s = run_snippet("perf/exercise_channels_last_view")
    assert s.out.is_contiguous(memory_format=torch.channels_last)
    assert not s.conv.weight.is_contiguous(memory_format=torch.channels_last)
    with pytest.raises(RuntimeError, match="view size is not compatible with input tensor's size and stride"):
        s.out.view(8, -1)
    assert s.flat.shape == (8, 16384) and s.flat.is_contiguous()
    assert "view: RuntimeError: view size is not compatible with input tensor's size and stride" in s.stdout
