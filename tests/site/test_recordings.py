"""GPU recordings (recordings/cuda/, written by `make record`): every committed one is current, and a CPU-only
build shows a current one labelled with its GPU, torch and date, and never shows a stale one."""

from __future__ import annotations

import re
import shutil

import pytest

import docs_runner.paths
from docs_runner.machine import detect_device
from docs_runner.paths import ROOT, recordings_dir
from docs_runner.recordings import read_recording, write_recording
from docs_runner.records import Record
from docs_runner.spec import all_snippets, read_spec
from tests.site.conftest import build_log


def recording_problems() -> tuple[list[str], list[str]]:
    """(the recordings checked, what is wrong with them) in the tree at docs_runner.paths.ROOT."""
    recorded = {p for p in all_snippets() if read_spec(p).record_cuda}
    checked, problems = [], []
    for path in sorted(recorded):
        if (recording := read_recording(path)) is not None:
            checked.append(path)
            if recording.stale:
                problems.append(f"{path} changed after {recording.date}: run `make record` on a GPU machine")
    recordings = recordings_dir()
    for file in sorted(recordings.rglob("*.txt")) if recordings.exists() else []:
        path = "snippets/" + file.relative_to(recordings).with_suffix(".py").as_posix()
        if path not in recorded:
            where = file.relative_to(docs_runner.paths.ROOT)
            problems.append(f"{where} records {path}, which has no `# record:`/`# needs: cuda`")
    return checked, problems


@pytest.fixture(params=["current", "stale"])
def fake_tree(request, tmp_path, monkeypatch):
    """A tree holding one recorded snippet and its recording (then, for "stale", an edit of the snippet),
    with the engine pointed at it; returns what the check should find wrong."""
    path = "snippets/amp/autocast_step_time.py"
    for name in (path, *read_spec(path).helpers, "pyproject.toml", "requirements.txt"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, tmp_path / name)
    monkeypatch.setattr(docs_runner.paths, "ROOT", tmp_path)
    fake_recording(tmp_path, path, "logits dtype, autocast step: torch.float16\n", "FAKE GPU 80GB")
    if request.param == "stale":
        with (tmp_path / path).open("a", encoding="utf-8") as f:
            f.write("CHANGED_AFTER_RECORDING = True\n")  # code, not a comment: no translation needed
        return [f"{path} changed after 2026-11-30: run `make record` on a GPU machine"]
    return []


def test_committed_recordings_are_current_and_belong_to_recorded_snippets():
    assert recording_problems()[1] == []


def test_the_recordings_check_reads_each_recording(fake_tree):
    checked, problems = recording_problems()
    assert checked == ["snippets/amp/autocast_step_time.py"] and problems == fake_tree
    # a recording of a snippet that records nothing is refused too
    stray = docs_runner.paths.recordings_dir() / "tensors" / "creation.txt"
    stray.parent.mkdir(parents=True)
    stray.write_text("snippet: snippets/tensors/creation.py\n---\n", encoding="utf-8")
    assert recording_problems()[1] == [
        *fake_tree,
        "recordings/cuda/tensors/creation.txt records snippets/tensors/creation.py, which has no"
        " `# record:`/`# needs: cuda`",
    ]


def fake_recording(project, path: str, output: str, gpu: str) -> None:
    """What `make record` writes, made here without a GPU: the runner's own writer, pointed at the copy."""
    record = Record(path, "ok", 1.0, "cuda", "2.14.1", "3.11.7", "2026-11-30", output, hardware=gpu)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(docs_runner.paths, "ROOT", project)
        write_recording(record)


@pytest.mark.skipif(detect_device() == "cuda", reason="a GPU build shows its own CUDA output, not recordings")
def test_cpu_build_shows_current_recordings_and_hides_stale_ones(tiny_site):
    project = tiny_site
    cuda_only, runs_anywhere = "snippets/gpus/cuda_info.py", "snippets/amp/autocast_step_time.py"
    assert read_spec(cuda_only).needs_cuda and read_spec(runs_anywhere).record_cuda
    fake_recording(project, cuda_only, "CUDA available: True | devices: 1\n", "FAKE GPU 80GB")
    fake_recording(project, runs_anywhere, "logits dtype, autocast step: torch.float16\n", "FAKE GPU 80GB")
    snippet = project / runs_anywhere
    snippet.write_text(
        snippet.read_text(encoding="utf-8") + "\nCHANGED_AFTER_RECORDING = True\n", encoding="utf-8"
    )
    code, log = build_log(project)
    assert code == 0, log[-3000:]
    for prefix, recorded, stale in [
        ("", "在 GPU 上录制的输出：FAKE GPU 80GB · torch 2.14.1 · 2026-11-30", "GPU 录制已过期"),
        (
            "en/",
            "Output recorded on a GPU: FAKE GPU 80GB · torch 2.14.1 · 2026-11-30",
            "GPU recording out of date",
        ),
    ]:
        html = (project / "site" / prefix / "gpus" / "index.html").read_text()
        assert recorded in html and "CUDA available: True | devices: 1" in html
        html = (project / "site" / prefix / "amp" / "index.html").read_text()
        assert stale in html and "torch.float16" not in html
        assert re.search(r"logits dtype, autocast step: torch\.bfloat16", html)  # this build's own CPU output
