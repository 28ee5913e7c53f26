"""GPU recordings (recordings/cuda/, written by `make record`): every committed one is current, and a CPU-only
build shows a current one labelled with its GPU, torch and date, and never shows a stale one."""

from __future__ import annotations

import re

import pytest
import snippet_runner
from snippet_runner import RECORDINGS, ROOT, Record, all_snippets, detect_device, read_recording, read_spec

from tests.site.conftest import build_log
from tests.site.pages import doc_pages, includes


def test_committed_recordings_are_current_and_belong_to_recorded_snippets():
    recorded = {p for p in all_snippets() if read_spec(p).record_cuda}
    for path in sorted(recorded):
        recording = read_recording(path)
        if recording is not None:
            assert not recording.stale, f"{path} changed after {recording.date}: run `make record` on a GPU machine"
    for file in RECORDINGS.rglob("*.txt") if RECORDINGS.exists() else []:
        path = "snippets/" + file.relative_to(RECORDINGS).with_suffix(".py").as_posix()
        assert path in recorded, f"{file.relative_to(ROOT)} records {path}, which has no `# record:`/`# needs: cuda`"


def fake_recording(project, path: str, output: str, gpu: str) -> None:
    """What `make record` writes, made here without a GPU: the runner's own writer, pointed at the copy."""
    record = Record(path, "ok", 1.0, "cuda", "2.14.1", "3.11.7", "2026-11-30", output, hardware=gpu)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(snippet_runner, "ROOT", project)
        mp.setattr(snippet_runner, "RECORDINGS", project / "recordings" / "cuda")
        snippet_runner.write_recording(record)


def page_of(path: str, lang: str) -> str:
    return next(page for page in doc_pages(lang) if path in [i.split(":")[0] for i in includes(lang, page)])


@pytest.mark.slow
@pytest.mark.skipif(detect_device() == "cuda", reason="a GPU build shows its own CUDA output, not recordings")
def test_cpu_build_shows_current_recordings_and_hides_stale_ones(project):
    cuda_only, runs_anywhere = "snippets/gpus/cuda_info.py", "snippets/amp/autocast_step_time.py"
    assert read_spec(cuda_only).needs_cuda and read_spec(runs_anywhere).record_cuda
    fake_recording(project, cuda_only, "CUDA available: True | devices: 1\n", "FAKE GPU 80GB")
    fake_recording(project, runs_anywhere, "logits dtype, autocast step: torch.float16\n", "FAKE GPU 80GB")
    snippet = project / runs_anywhere
    snippet.write_text(snippet.read_text(encoding="utf-8") + "\n# changed after recording\n", encoding="utf-8")
    code, log = build_log(project)
    assert code == 0, log[-3000:]
    for lang, prefix, recorded, stale in [
        ("zh", "", "在 GPU 上录制的输出：FAKE GPU 80GB · torch 2.14.1 · 2026-11-30", "GPU 录制已过期"),
        ("en", "en/", "Output recorded on a GPU: FAKE GPU 80GB · torch 2.14.1 · 2026-11-30", "GPU recording out of date"),
    ]:
        html = (project / "site" / prefix / page_of(cuda_only, lang).removesuffix(".md") / "index.html").read_text()
        assert recorded in html and "CUDA available: True | devices: 1" in html
        html = (project / "site" / prefix / page_of(runs_anywhere, lang).removesuffix(".md") / "index.html").read_text()
        assert stale in html and "torch.float16" not in html
        assert re.search(r"logits dtype, autocast step: torch\.bfloat16", html)  # this build's own CPU output
