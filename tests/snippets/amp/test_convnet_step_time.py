"""snippets/amp/convnet_step_time.py: two timings, declared as measured values, and nothing else varies."""

import re

from docs_runner.records import normalise
from docs_runner.spec import read_spec


def test_timings_are_the_declared_measured_values(run_snippet):
    s = run_snippet("amp/convnet_step_time")
    assert s.fp32_ms > 0 and s.amp_ms > 0
    normalised = normalise(s.stdout, read_spec("snippets/amp/convnet_step_time.py").measured)
    assert "fp32:     <measured> per step" in normalised and "autocast: <measured> per step" in normalised
    assert len(re.findall("<measured>", normalised)) == 2
    assert f"autocast dtype {s.low}, batch (64, 3, 32, 32)" in s.stdout
