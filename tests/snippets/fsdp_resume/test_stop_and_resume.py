"""snippets/fsdp_resume/stop_and_resume.py: train_fsdp.py stopped and resumed on 2, 4 and 1 processes gives
the losses of one uninterrupted plain run within the tolerance the page states, and torchrun is started in a
process group of its own.

The file starts torchrun seven times (about a minute): `make test` asserts on the build's run of it, as the
tests of launched files do; `make test-all` runs it again and asserts on its live values too."""

import re
import runpy
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tests.snippets._sleepers import sleepers_instead_of_popen
from tests.snippets.fsdp_resume._reference import plain_losses

FILE = ROOT / "snippets/fsdp_resume/stop_and_resume.py"


def test_the_printed_losses_are_the_uninterrupted_ones_within_the_tolerance(build_record):
    lines = build_record("fsdp_resume/stop_and_resume").output.splitlines()
    resumed, uninterrupted = [], []
    for line in lines[3:12]:
        words = line.split()
        resumed.append(float(words[-3].rstrip(",")))
        uninterrupted.append(float(words[-1]))
    assert uninterrupted == [round(loss, 6) for loss in plain_losses(9)]  # the plain run, as printed
    gap = max(abs(a - b) for a, b in zip(resumed, uninterrupted, strict=True))
    assert gap <= 1e-6 + 1e-12  # the printed values carry 6 decimals; the exact gap is the last line's
    last = re.fullmatch(r"largest difference: (\d\.\de-\d\d), below 1e-06: True", lines[-1])
    assert last and 0 < float(last[1]) < 1e-6


@pytest.mark.exhaustive
def test_the_resumed_losses_are_the_uninterrupted_ones(run_snippet):
    s = run_snippet("fsdp_resume/stop_and_resume")
    assert s.TOLERANCE == 1e-6  # the page states it
    assert len(s.losses) == 9
    assert s.reference == pytest.approx(plain_losses(9), abs=0)  # the driver's reference is the plain run
    assert s.gap == max(abs(a - b) for a, b in zip(s.losses, s.reference, strict=True))
    assert 0 < s.gap < s.TOLERANCE  # close, not bitwise: the page says rounding makes the difference
    assert re.fullmatch(r"largest difference: \d\.\de-\d\d, below 1e-06: True", s.stdout.splitlines()[-1])


def test_each_run_writes_one_file_per_rank(build_record):
    lines = build_record("fsdp_resume/stop_and_resume").output.splitlines()
    files = {n: ["'.metadata'"] + [f"'__{r}_0.distcp'" for r in range(n)] for n in (1, 2, 4)}
    assert lines[:3] == [
        f"world size 2, saved step-3: [{', '.join(files[2])}]",  # 4 processes resume from these 2 files
        f"world size 4, saved step-6: [{', '.join(files[4])}]",  # 1 process resumes from these 4
        f"world size 1, saved step-9: [{', '.join(files[1])}]",
    ]
    for step, line in enumerate(lines[3:12], start=1):
        assert re.fullmatch(rf"step {step}: stopped and resumed \d\.\d{{6}}, uninterrupted \d\.\d{{6}}", line)


def test_a_failed_wait_stops_torchrun(monkeypatch, tmp_path):
    """The first wait fails (as a timeout would) while the run is alive: it is stopped and reaped. The run is
    a sleeping Python here, started the way the file starts torchrun."""
    started, jobs = sleepers_instead_of_popen(monkeypatch)
    monkeypatch.syspath_prepend(str(FILE.parent))  # where the reader saved train_fsdp.py
    monkeypatch.chdir(tmp_path)
    with pytest.raises(subprocess.TimeoutExpired):
        runpy.run_path(str(FILE), run_name="__main__")
    assert len(jobs) == 1 and jobs[0].returncode is not None  # stopped and waited for
    ((command, kwargs),) = started
    script = str(FILE.with_name("train_fsdp.py"))
    assert command == [
        sys.executable,
        "-m",
        "torch.distributed.run",
        "--standalone",
        "--nproc-per-node",
        "2",
        script,
    ]
    assert kwargs["start_new_session"] is True  # a group of its own, stopped whole
