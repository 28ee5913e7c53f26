"""snippets/perf/cuda_memory.py (`# needs: cuda`): every test here needs a GPU."""

import pytest


@pytest.mark.gpu
def test_the_peak_is_above_what_remains(run_snippet):
    s = run_snippet("perf/cuda_memory")
    assert s.peak > 0
    assert "one step: peak " in s.stdout and " MiB reserved" in s.stdout
    assert "Active memory" in s.stdout  # a row of memory_summary's table
