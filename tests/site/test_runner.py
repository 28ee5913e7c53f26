"""hooks/snippet_runner.py on its own: device honesty, headers and kinds, the cache key and what invalidates
it, GPU recordings, measured values, the shared warning policy."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
import snippet_runner
from snippet_runner import (
    Record,
    SnippetError,
    apply_warning_filters,
    cache_key,
    environment_key,
    normalise,
    read_recording,
    read_spec,
    run_one,
    write_recording,
)

from tests.conftest import ROOT

SNIPPET = "snippets/tensors/devices.py"


def test_a_device_the_snippet_cannot_see_fails_loudly(monkeypatch):
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "")  # torch sees no GPU, whatever the machine has
    with pytest.raises(SnippetError, match=r"devices\.py.*expected device 'cuda'.*is False"):
        run_one(SNIPPET, "cuda")


def test_a_cpu_run_sees_no_gpu_and_says_what_measured_it():
    record = run_one(SNIPPET, "cpu")
    # What torch inside the snippet's process chose, not what this test passed in:
    assert "device: cpu\n" in record.output and "after .to(device): cpu" in record.output
    assert record.device == "cpu" and record.status == "ok" and record.kind == "plain"
    assert record.hardware.endswith(f"{os.cpu_count()} cores")
    assert 0 < record.compute < record.seconds


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """An empty project root for the runner's file-level functions (headers, helpers, keys, recordings)."""
    for name in ("pyproject.toml", "requirements.txt"):
        shutil.copy2(ROOT / name, tmp_path / name)
    (tmp_path / "snippets" / "demo").mkdir(parents=True)
    monkeypatch.setattr(snippet_runner, "ROOT", tmp_path)
    monkeypatch.setattr(snippet_runner, "SNIPPETS", tmp_path / "snippets")
    monkeypatch.setattr(snippet_runner, "RECORDINGS", tmp_path / "recordings" / "cuda")
    return tmp_path


def write(root: Path, rel: str, text: str) -> str:
    (root / rel).write_text(text, encoding="utf-8")
    return rel


def test_headers_declare_the_kind(tree):
    assert read_spec(write(tree, "snippets/demo/a.py", '"""Plain."""\n')).kind == "plain"
    spec = read_spec(
        write(tree, "snippets/demo/b.py", "# run: torchrun --nproc-per-node 2 snippets/demo/b.py --x 1\n")
    )
    assert spec.kind == "processes" and spec.argv[-3:] == ("snippets/demo/b.py", "--x", "1")
    spec = read_spec(write(tree, "snippets/demo/c.py", "# needs: cuda\n# measured: [\\d.]+ ms\n"))
    assert spec.kind == "cuda" and spec.record_cuda and spec.measured == ("[\\d.]+ ms",)
    spec = read_spec(write(tree, "snippets/demo/d.py", "# record: cuda\n# timeout: 7\n# server: sleep 1\n"))
    assert spec.kind == "server" and spec.record_cuda and not spec.needs_cuda and spec.timeout == 7
    # A header ends at the first line that is not a comment.
    assert read_spec(write(tree, "snippets/demo/e.py", '"""Doc."""\n# needs: cuda\n')).kind == "plain"


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (
            "# run: mpirun -n 2 snippets/demo/x.py\n",
            "unknown launcher 'mpirun' in '# run:'; known: python, torchrun, horovodrun",
        ),
        ("# run: python snippets/demo/other.py\n", "'# run:' must name this file as the reader runs it"),
        ("# runs: python snippets/demo/x.py\n", "unknown header '# runs:'"),
        ("# needs: rocm\n", "'# needs:' and '# record:' take only the value 'cuda'"),
        ("# measured: ([\n", "'# measured: ([' is not a valid regex"),
        ("import _gone\n", "imports _gone, but the helper module snippets/demo/_gone.py does not exist"),
    ],
)
def test_bad_headers_name_the_file(tree, header, message):
    rel = write(tree, "snippets/demo/x.py", header)
    with pytest.raises(SnippetError, match="^snippets/demo/x.py: ") as info:
        read_spec(rel)
    assert message in str(info.value)


def test_local_helpers_are_found_transitively_and_stdlib_is_not(tree):
    write(tree, "snippets/demo/_a.py", "import _b\n")
    write(tree, "snippets/demo/_b.py", "X = 1\n")
    rel = write(tree, "snippets/demo/uses.py", "import _thread\nfrom _a import *\nimport torch\n")
    assert read_spec(rel).helpers == ("snippets/demo/_a.py", "snippets/demo/_b.py")
    assert snippet_runner.all_snippets() == ["snippets/demo/uses.py"]  # helpers are not snippets


def test_environment_key_covers_lock_file_warning_policy_and_device(tree):
    base = environment_key("cpu")
    assert base == environment_key("cpu") != environment_key("cuda")
    (tree / "requirements.txt").write_text("torch==0.0\n", encoding="utf-8")
    after_lock = environment_key("cpu")
    text = (tree / "pyproject.toml").read_text(encoding="utf-8")
    (tree / "pyproject.toml").write_text(
        text.replace('    "error",\n', '    "error",\n    "ignore::UserWarning",\n')
    )
    assert len({base, after_lock, environment_key("cpu")}) == 3


def test_cache_key_covers_source_path_and_environment():
    key = cache_key(SNIPPET, "cpu", b"print(1)", "env")
    assert key == cache_key(SNIPPET, "cpu", b"print(1)", "env")
    others = [
        cache_key(SNIPPET, "cpu", b"print(2)", "env"),
        cache_key("snippets/tensors/views.py", "cpu", b"print(1)", "env"),
        cache_key(SNIPPET, "cpu", b"print(1)", "other env"),
    ]
    assert key not in others and len(set(others)) == 3


def fake_record(path: str, output: str) -> Record:
    return Record(path, "ok", 1.0, "cuda", "2.14.1", "3.11", "2026-12-01", output, hardware="NVIDIA H100")


def test_recordings_round_trip_and_go_stale_when_the_snippet_changes(tree):
    rel = write(tree, "snippets/demo/gpu.py", "# needs: cuda\nprint('hi')\n")
    assert read_recording(rel) is None
    file = write_recording(fake_record(rel, "hi from cuda:0\n"))
    assert file == tree / "recordings" / "cuda" / "demo" / "gpu.txt"
    assert file.read_text(encoding="utf-8").startswith(f"snippet: {rel}\nsource: ")
    recording = read_recording(rel)
    assert (recording.gpu, recording.torch, recording.date) == ("NVIDIA H100", "2.14.1", "2026-12-01")
    assert recording.output == "hi from cuda:0\n" and not recording.stale
    write(tree, rel, "# needs: cuda\nprint('hello')\n")
    assert read_recording(rel).stale


def test_a_recording_of_another_file_is_refused(tree):
    rel = write(tree, "snippets/demo/gpu.py", "# needs: cuda\n")
    file = write_recording(fake_record(rel, "x\n"))
    file.write_text(file.read_text().replace(rel, "snippets/demo/other.py"), encoding="utf-8")
    with pytest.raises(SnippetError, match="not a recording of snippets/demo/gpu.py"):
        read_recording(rel)


def test_measured_values_and_only_those_are_normalised():
    out = "step 1: 12.5 ms, loss 0.25\nstep 2: 3.75 ms, loss 0.125\n"
    assert normalise(out, [r"[\d.]+ ms"]) == "step 1: <measured>, loss 0.25\nstep 2: <measured>, loss 0.125\n"
    assert normalise(out, []) == out


def test_pytest_style_filters_apply_with_the_last_one_winning():
    with warnings.catch_warnings():
        apply_warning_filters(["error", "ignore:old API:DeprecationWarning"])
        warnings.warn("old API here", DeprecationWarning, stacklevel=1)  # ignored
        with pytest.raises(UserWarning):
            warnings.warn("anything else", UserWarning, stacklevel=1)


# ---------------------------------------------------------------------------------------------------------
# The cache on a throwaway copy of the project: what an edit re-runs


RUN_ALL = """
import json, sys
import snippet_runner as r
paths = json.loads(sys.argv[1])
records, ran = r.run_all(paths, "cpu")
print(json.dumps(sorted(ran)))
"""


def ran_in(project: Path, paths: list[str]) -> list[str]:
    proc = subprocess.run(
        [sys.executable, "-c", RUN_ALL, json.dumps(paths)],
        cwd=project,
        env=dict(os.environ, PYTHONPATH=str(project / "hooks")),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.splitlines()[-1])


@pytest.fixture
def small_project(tmp_path) -> Path:
    for name in ("hooks", "pyproject.toml", "requirements.txt"):
        src = ROOT / name
        (shutil.copytree if src.is_dir() else shutil.copy2)(src, tmp_path / name)
    topic = tmp_path / "snippets" / "demo"
    topic.mkdir(parents=True)
    (topic / "_fmt.py").write_text("def show(x):\n    print('value:', x)\n", encoding="utf-8")
    for name in ("one", "two"):
        (topic / f"{name}.py").write_text(f"from _fmt import show\n\nshow({name!r})\n", encoding="utf-8")
    (topic / "alone.py").write_text("print('alone')\n", encoding="utf-8")
    return tmp_path


ALL = ["snippets/demo/alone.py", "snippets/demo/one.py", "snippets/demo/two.py"]


def test_editing_a_helper_reruns_exactly_the_snippets_that_import_it(small_project):
    assert ran_in(small_project, ALL) == ALL
    assert ran_in(small_project, ALL) == []
    helper = small_project / "snippets" / "demo" / "_fmt.py"
    helper.write_text(helper.read_text() + "# edited\n", encoding="utf-8")
    assert ran_in(small_project, ALL) == ["snippets/demo/one.py", "snippets/demo/two.py"]
    # One entry per snippet: the edit replaced the old records instead of piling up next to them.
    entries = sorted(p.parent.name for p in (small_project / ".cache" / "snippets").rglob("*.json"))
    assert entries == ["snippets_demo_alone.py", "snippets_demo_one.py", "snippets_demo_two.py"]


def test_editing_requirements_reruns_everything(small_project):
    assert ran_in(small_project, ALL) == ALL
    lock = small_project / "requirements.txt"
    lock.write_text(lock.read_text() + "# a new pin\n", encoding="utf-8")
    assert ran_in(small_project, ALL) == ALL


def test_a_deleted_snippet_loses_its_cache_entry(small_project):
    ran_in(small_project, ALL)
    (small_project / "snippets" / "demo" / "alone.py").unlink()
    proc = subprocess.run(
        [sys.executable, "-c", "import snippet_runner as r; r.run_all(device='cpu')"],
        cwd=small_project,
        env=dict(os.environ, PYTHONPATH=str(small_project / "hooks")),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    slots = sorted(p.name for p in (small_project / ".cache" / "snippets").iterdir())
    assert slots == ["snippets_demo_one.py", "snippets_demo_two.py"]
