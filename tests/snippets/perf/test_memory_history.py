"""snippets/perf/memory_history.py (`# needs: cuda`): every test here needs a GPU."""

import pytest


@pytest.mark.gpu
def test_the_snapshot_holds_allocations(run_snippet):
    s = run_snippet("perf/memory_history")
    assert len(s.events) > 0 and "alloc" in s.actions
    assert s.snapshot["segments"]
