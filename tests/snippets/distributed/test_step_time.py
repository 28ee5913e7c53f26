"""snippets/distributed/step_time.py: the timings vary; what they measure and how they are printed do not.

The file starts two processes twice and times them (about 20 s): `make test` asserts on the build's run,
`make test-all` runs it again and checks the printed ratio against the live values."""

import re

import pytest

from docs_runner.records import normalise
from docs_runner.spec import read_spec
from tests.conftest import function_source


def test_the_build_printed_a_step_time_and_a_throughput_for_both_runs(build_record):
    lines = build_record("distributed/step_time").output.splitlines()
    assert re.fullmatch(r"device: (cuda|cpu, \d+ cores, 1 thread per process)", lines[0])
    assert re.fullmatch(r"1 process:   [\d.]+ ms per step, \d+ samples/s", lines[1])
    assert re.fullmatch(r"2 processes: [\d.]+ ms per step, \d+ samples/s", lines[2])
    assert re.fullmatch(r"throughput, 2 processes against 1: \d+\.\d\dx", lines[3])


@pytest.mark.exhaustive
def test_both_runs_report_a_step_time_and_a_throughput(run_snippet):
    s = run_snippet("distributed/step_time")
    assert s.one > 0 and s.two > 0
    lines = s.stdout.splitlines()
    assert re.fullmatch(r"device: (cuda|cpu, \d+ cores, 1 thread per process)", lines[0])
    assert re.fullmatch(r"1 process:   [\d.]+ ms per step, \d+ samples/s", lines[1])
    assert re.fullmatch(r"2 processes: [\d.]+ ms per step, \d+ samples/s", lines[2])
    assert lines[3] == f"throughput, 2 processes against 1: {s.one * 2 / s.two:.2f}x"


def test_the_measured_header_covers_every_varying_number(build_record):
    output = build_record("distributed/step_time").output
    shown = normalise(output, read_spec("snippets/distributed/step_time.py").measured)
    assert shown.splitlines()[1:] == [
        "1 process:   <measured> per step, <measured>",
        "2 processes: <measured> per step, <measured>",
        "throughput, 2 processes against 1: <measured>",
    ]


def test_each_nccl_rank_selects_its_gpu_before_joining():
    source = function_source("distributed/step_time", "worker")
    assert "if cuda:\n        torch.cuda.set_device(device)" in source
    assert source.index("torch.cuda.set_device(device)") < source.index("dist.init_process_group(")
