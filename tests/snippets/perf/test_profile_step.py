"""snippets/perf/profile_step.py: one training step of the capstone's model under the profiler. Times vary;
what is asserted is what cannot: which operators ran and how often, the table's order, and that the picture
is drawn from the exported trace."""

import base64
import io

import torch
from PIL import Image

from docs_runner.records import normalise
from docs_runner.spec import read_spec


def test_the_step_runs_these_operators_this_often(run_snippet):
    s = run_snippet("perf/profile_step")
    counts = {e.key: e.count for e in s.prof.key_averages()}
    assert counts["aten::conv2d"] == 2 and counts["aten::convolution_backward"] == 2  # two Conv2d layers
    assert counts["aten::linear"] == 1 and counts["aten::max_pool2d"] == 2
    assert counts["forward"] == counts["backward"] == counts["optimizer"] == 1
    assert counts["Optimizer.step#Adam.step"] == 1  # optimizers label their step themselves


def as_shown(name: str) -> str:
    """An operator's name as table() prints it: 52 characters or more are cut to 52 and "..." (filling
    the 55-wide column), shorter ones stand between spaces. On a busy machine a long autograd name
    (`autograd::engine::evaluate_function: ConvolutionBackward0`, 57) can get into the top 8."""
    return name[:52] + "..." if len(name) >= 52 else f" {name} "


def test_a_long_name_is_cut_as_as_shown_cuts_it():
    long = "a_span_whose_name_is_longer_than_the_fifty_two_characters_the_table_shows"
    with torch.profiler.profile() as prof, torch.profiler.record_function(long):
        torch.ones(1).add(1)
    table = prof.key_averages().table(sort_by="self_cpu_time_total")
    assert as_shown(long) in table and long not in table


def test_the_table_is_sorted_by_self_cpu_time(run_snippet):
    s = run_snippet("perf/profile_step")
    assert "Self CPU %" in s.stdout and "# of Calls" in s.stdout
    ranked = sorted(s.prof.key_averages(), key=lambda e: e.self_cpu_time_total, reverse=True)
    positions = [s.stdout.index(as_shown(e.key)) for e in ranked[:8]]
    assert positions == sorted(positions)  # the rows printed are the 8 with most self CPU time, in order
    normalised = normalise(s.stdout, read_spec("snippets/perf/profile_step.py").measured)
    assert normalised.strip().endswith("<measured>")  # the whole table is declared measured


def test_the_picture_is_drawn_from_the_trace(run_snippet, build_record):
    s = run_snippet("perf/profile_step")
    assert [span["name"] for span in s.spans] == ["forward", "backward", "optimizer"]
    for before, after in zip(s.spans, s.spans[1:], strict=False):
        assert before["ts"] + before["dur"] <= after["ts"]  # one after the other, on one thread
    assert len(s.ax.collections) == 3  # one bar per phase
    assert [t.get_text() for t in s.ax.get_yticklabels()] == ["forward", "backward", "optimizer"]
    assert any(e["name"] == "aten::convolution_backward" for e in s.ops)
    png = base64.b64decode(build_record("perf/profile_step").figures["trace.png"])
    assert Image.open(io.BytesIO(png)).size == (800, 240)
