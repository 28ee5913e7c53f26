"""snippets/perf/cudnn_tf32.py (`# needs: cuda`): every test here needs a GPU."""

import pytest
import torch


@pytest.mark.gpu
def test_the_switches_are_back_to_their_defaults_and_tf32_rounds(run_snippet):
    s = run_snippet("perf/cudnn_tf32")
    assert torch.get_float32_matmul_precision() == "highest"
    assert s.results["high"].shape == (4096, 4096)
    assert s.error >= 0
