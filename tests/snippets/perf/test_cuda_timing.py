"""snippets/perf/cuda_timing.py (`# needs: cuda`): every test here needs a GPU."""

import pytest


@pytest.mark.gpu
def test_queueing_is_not_running(run_snippet):
    s = run_snippet("perf/cuda_timing")
    assert s.queued < s.finished  # without synchronize the clock stops before the work is done
    assert "no synchronize: " in s.stdout and "synchronize: " in s.stdout


@pytest.mark.gpu
def test_events_and_timer_measure_the_work(run_snippet):
    s = run_snippet("perf/cuda_timing")
    per_matmul = s.begin.elapsed_time(s.end) / 10 / 1e3  # seconds
    assert per_matmul > s.queued / 10  # the GPU's own clock sees the matmuls run
    assert s.measurement.median > 0
    assert s.y.shape == (4096, 4096) and s.y.is_cuda
