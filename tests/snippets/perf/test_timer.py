"""snippets/perf/timer.py: a naive loop against torch.utils.benchmark.Timer. Times vary; the lines' form,
Timer's defaults and its bookkeeping do not."""

import re

from docs_runner.records import normalise
from docs_runner.spec import read_spec


def test_both_ways_print_a_time_per_matmul(run_snippet):
    s = run_snippet("perf/timer")
    assert re.search(r"^time\.time\(\) loop: \d+\.\d us per matmul$", s.stdout, re.M)
    assert re.search(r"^Timer: median \d+\.\d us \(IQR \d+\.\d us, \d+ blocks of \d+\)$", s.stdout, re.M)
    normalised = normalise(s.stdout, read_spec("snippets/perf/timer.py").measured)
    assert "Timer: median <measured> (IQR <measured>, <measured>)\n" in normalised


def test_timer_keeps_a_time_per_block_and_uses_one_thread(run_snippet):
    s = run_snippet("perf/timer")
    m = s.measurement
    assert m.task_spec.num_threads == 1 and "threads Timer used: 1" in s.stdout
    assert len(m.times) >= 1 and m.number_per_run >= 1
    assert m.median > 0 and m.iqr >= 0
    assert s.naive > 0
