"""snippets/amp/autocast_step_time.py: dtypes exactly, timings as measured values (declared in its header)."""

import re

import torch

from docs_runner.records import normalise
from docs_runner.spec import read_spec


def test_autocast_computes_in_low_precision_and_keeps_fp32_weights(run_snippet):
    s = run_snippet("amp/autocast_step_time")
    low = torch.float16 if torch.cuda.is_available() else torch.bfloat16
    assert s.low is low
    assert "logits dtype, fp32 step: torch.float32" in s.stdout
    assert f"logits dtype, autocast step: {low}" in s.stdout
    assert "weights stay torch.float32 under autocast" in s.stdout
    assert s.model[0].weight.dtype == torch.float32
    # fp16 (on a GPU) trains with a GradScaler, as the chapter says it always should; bf16 needs none.
    assert s.scaler.is_enabled() is (low is torch.float16)


def test_timings_are_the_declared_measured_values(run_snippet):
    s = run_snippet("amp/autocast_step_time")
    assert s.fp32_ms > 0 and s.amp_ms > 0
    spec = read_spec("snippets/amp/autocast_step_time.py")
    normalised = normalise(s.stdout, spec.measured)
    assert "fp32:     <measured> per step" in normalised and "autocast: <measured> per step" in normalised
    # Only the timings vary: nothing else in the output is touched by the pattern.
    assert len(re.findall("<measured>", normalised)) == 2
