"""snippets/ddp_script/compare_curves.py: one process with batches of 128 and two DDP processes with 64 each
agree within the tolerance the page states, the two-process run is train_ddp.py's own, the figure is drawn
from exactly these numbers, and a failed wait stops both runs.

The file starts torchrun itself (two trainings of 20 epochs): `make test` asserts on the build's run of it, as
the tests of launched files do; `make test-all` runs it again and asserts on its live values too."""

import base64
import re
import runpy
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tests.snippets._sleepers import sleepers_instead_of_popen

FILE = ROOT / "snippets/ddp_script/compare_curves.py"


def test_the_build_printed_both_gaps_below_the_tolerance_and_drew_the_figure(build_record):
    record = build_record("ddp_script/compare_curves")
    lines = record.output.splitlines()
    gaps = re.fullmatch(r"largest difference: train loss (\d\.\de-\d\d), test loss (\d\.\de-\d\d)", lines[0])
    assert gaps and 0 < float(gaps[1]) < 1e-5 and float(gaps[2]) < 1e-5
    assert lines[1:] == ["both below 1e-05: True", "same test accuracy in every epoch: True"]
    assert list(record.figures) == ["same_curves.png"]


@pytest.mark.exhaustive
def test_the_curves_agree_within_the_stated_tolerance(run_snippet):
    s = run_snippet("ddp_script/compare_curves")
    assert s.TOLERANCE == 1e-5  # the page states it
    assert len(s.one["train loss"]) == len(s.two["train loss"]) == 20
    assert s.train_gap < s.TOLERANCE and s.test_gap < s.TOLERANCE
    assert s.train_gap > 0  # close, not bitwise equal: the page says rounding makes the difference
    assert s.one["test accuracy"] == s.two["test accuracy"]
    lines = s.stdout.splitlines()
    assert re.fullmatch(r"largest difference: train loss \d\.\de-\d\d, test loss \d\.\de-\d\d", lines[0])
    assert lines[1:] == ["both below 1e-05: True", "same test accuracy in every epoch: True"]


@pytest.mark.exhaustive
def test_the_two_process_run_is_train_ddps_run(run_snippet, build_record):
    s = run_snippet("ddp_script/compare_curves")
    record = build_record("ddp_script/train_ddp")
    if record.device != "cpu":
        pytest.skip("compare_curves.py runs on the CPU; the build ran train_ddp.py on GPUs")
    epochs = [line for line in record.output.splitlines() if line.startswith("[rank0] epoch")]
    for i, line in enumerate(epochs):
        assert f"train loss {s.two['train loss'][i]:.4f}  test loss {s.two['test loss'][i]:.4f}" in line
        assert line.endswith(f"test accuracy {s.two['test accuracy'][i]:.2%}")


@pytest.mark.exhaustive
def test_the_figure_is_drawn_from_both_runs(run_snippet, build_record, tmp_path):
    s = run_snippet("ddp_script/compare_curves")
    lines = s.ax.get_lines()
    assert [list(line.get_ydata()) for line in lines] == [
        s.one["train loss"],
        s.one["test loss"],
        s.two["train loss"],
        s.two["test loss"],
    ]
    assert all(list(line.get_xdata()) == list(range(1, 21)) for line in lines)
    assert [t.get_text() for t in s.ax.get_legend().get_texts()] == [
        "train loss, 1 process x 128",
        "test loss, 1 process x 128",
        "train loss, 2 processes x 64",
        "test loss, 2 processes x 64",
    ]
    png = base64.b64decode(build_record("ddp_script/compare_curves").figures["same_curves.png"])
    s.fig.savefig(tmp_path / "again.png", dpi=100, metadata={"Software": None})
    assert (tmp_path / "again.png").read_bytes() == png  # same data, same bytes


def test_a_failed_wait_stops_both_runs(monkeypatch, tmp_path):
    """The first wait fails (as a timeout would) while both runs are alive: both are stopped and reaped.
    Each run is a sleeping Python here, started the way the file starts torchrun."""
    started, jobs = sleepers_instead_of_popen(monkeypatch)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(subprocess.TimeoutExpired):
        runpy.run_path(str(FILE), run_name="__main__")
    assert len(jobs) == 2 and all(job.returncode is not None for job in jobs)  # stopped and waited for
    torchrun = [sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc-per-node"]
    script = str(FILE.with_name("train_ddp.py"))
    assert [command for command, _ in started] == [[*torchrun, "1", script], [*torchrun, "2", script]]
    assert [kwargs["env"]["BATCH_SIZE"] for _, kwargs in started] == ["128", "64"]
    assert all(kwargs["env"]["CUDA_VISIBLE_DEVICES"] == "" for _, kwargs in started)  # both on the CPU
    assert all(kwargs["start_new_session"] for _, kwargs in started)  # a group each, stopped whole
