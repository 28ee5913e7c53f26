"""The engine (docs_runner) on its own: device honesty, headers and kinds, the cache key and what invalidates
it, GPU recordings, measured values, the shared warning policy."""

from __future__ import annotations

import json
import os
import shutil
import sys
import threading
import time
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import docs_runner.paths
from docs_runner import cache, machine
from docs_runner.cache import cache_key, environment_key
from docs_runner.errors import SnippetError
from docs_runner.execute import Cores, cores_held, run_all, run_one, snippet_payload
from docs_runner.forkserver.client import ForkServer
from docs_runner.notebooks import run_notebooks
from docs_runner.policy import apply_warning_filters, child_env
from docs_runner.recordings import read_recording, write_recording
from docs_runner.records import Record, normalise
from docs_runner.spec import all_snippets, read_spec
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
        ("# timeout: 2m\n", "'# timeout: 2m' must be a whole number of seconds, such as 120"),
        ("# timeout: 60\n# timeout: 90\n", "'# timeout:' appears twice; a file says it once"),
        ("# needs: cuda\n# needs: cuda\n", "'# needs:' appears twice"),
        ("import sibling\n", "imports sibling, a file beside it; helper modules must be named _*.py"),
        ("import sibling\n", "a lesson file the page shows is declared with '# beside: sibling.py'"),
        ("# beside: gone.py\n", "'# beside: gone.py' must name another lesson file of its folder"),
        ("# beside: _a.py\n", "'# beside: _a.py' must name another lesson file of its folder"),
        ("# beside: x.py\n", "'# beside: x.py' must name another lesson file of its folder"),
        ("# beside: ../demo/sibling.py\n", "'# beside: ../demo/sibling.py' must name another lesson file"),
    ],
)
def test_bad_headers_name_the_file(tree, header, message):
    write(tree, "snippets/demo/sibling.py", "X = 1\n")
    rel = write(tree, "snippets/demo/x.py", header)
    with pytest.raises(SnippetError, match=r"^snippets/demo/x\.py: ") as info:
        read_spec(rel)
    assert message in str(info.value)


def test_local_helpers_are_found_transitively_and_stdlib_is_not(tree):
    write(tree, "snippets/demo/_a.py", "import _b\n")
    write(tree, "snippets/demo/_b.py", "X = 1\n")
    rel = write(tree, "snippets/demo/uses.py", "import _thread\nfrom _a import *\nimport torch\n")
    assert read_spec(rel).helpers == ("snippets/demo/_a.py", "snippets/demo/_b.py")
    assert all_snippets() == ["snippets/demo/uses.py"]  # helpers are not snippets


def test_a_file_declared_beside_may_be_imported_and_is_in_the_key(tree):
    write(tree, "snippets/demo/_c.py", "X = 1\n")
    write(tree, "snippets/demo/train.py", "import _c\n")
    rel = write(tree, "snippets/demo/uses.py", "# beside: train.py\nfrom train import X\n")
    spec = read_spec(rel)
    assert spec.beside == ("snippets/demo/train.py",)
    assert spec.helpers == ("snippets/demo/_c.py", "snippets/demo/train.py")  # what train.py imports too


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
    with pytest.raises(SnippetError, match=r"not a recording of snippets/demo/gpu\.py"):
        read_recording(rel)


def test_measured_values_and_only_those_are_normalised():
    out = "step 1: 12.5 ms, loss 0.25\nstep 2: 3.75 ms, loss 0.125\n"
    assert normalise(out, [r"[\d.]+ ms"]) == "step 1: <measured>, loss 0.25\nstep 2: <measured>, loss 0.125\n"
    assert normalise(out, []) == out


def test_a_record_names_no_folder_of_the_machine_that_ran_it(tree):
    rel = write(tree, "snippets/demo/where.py", 'import sys\n\nprint(__file__)\nprint(sys.prefix + "/lib")\n')
    record = run_one(rel, "cpu", fresh=True)
    assert record.output == "snippets/demo/where.py\n<python>/lib\n"
    assert normalise(f"{tree}/snippets/demo/where.py\n{sys.prefix}/lib\n", []) == record.output


def test_pytest_style_filters_apply_with_the_last_one_winning():
    with warnings.catch_warnings():
        apply_warning_filters(["error", "ignore:old API:DeprecationWarning"])
        warnings.warn("old API here", DeprecationWarning, stacklevel=1)  # ignored
        with pytest.raises(UserWarning):
            warnings.warn("anything else", UserWarning, stacklevel=1)


def test_measured_and_figure_may_repeat(tree):
    spec = read_spec(write(tree, "snippets/demo/m.py", "# measured: [\\d.]+ ms\n# measured: [\\d.]+ MB\n"))
    assert spec.measured == ("[\\d.]+ ms", "[\\d.]+ MB")


# ---------------------------------------------------------------------------------------------------------
# The cache: its key, its records, what an edit re-runs (a tiny tree; runs go through the shared fork server)


def test_the_key_covers_the_python_version(tree, monkeypatch):
    base = environment_key("cpu")
    monkeypatch.setattr(machine, "python_version", lambda: "3.99.0")
    assert environment_key("cpu") != base


def test_the_key_covers_the_engine_sources_fork_server_and_sitecustomize_included(tmp_path):
    copy = tmp_path / "docs_runner"
    shutil.copytree(docs_runner.paths.PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    seen = {cache._engine_hash.__wrapped__(copy)}
    engine = ("forkserver/server.py", "forkserver/child.py", "forkserver/rank.py", "startup/sitecustomize.py")
    for rel in (*engine, "policy.py"):
        with (copy / rel).open("a") as f:
            f.write("# edited\n")
        seen.add(cache._engine_hash.__wrapped__(copy))
    assert len(seen) == 6


def test_a_record_of_another_engine_version_is_a_cache_miss(tree):
    rel = write(tree, "snippets/demo/plain.py", "print('ran')\n")
    record, ran = cached_run(rel)
    assert ran and record.output == "ran\n"
    entry = next((tree / ".cache" / "snippets").rglob("*.json"))
    data = json.loads(entry.read_text(encoding="utf-8"))
    for changed in ({**data, "new_field": 1}, {k: v for k, v in data.items() if k != "hardware"}, [1], "x"):
        assert Record.from_json(changed) is None
        entry.write_text(json.dumps(changed), encoding="utf-8")
        assert cached_run(rel)[1], f"{changed!r} was not a cache miss"
    entry.write_text("{torn", encoding="utf-8")
    assert cached_run(rel)[1]


def cached_run(rel: str) -> tuple[Record, bool]:
    from docs_runner.cache import cached

    spec = read_spec(rel)
    return cached(rel, "cpu", snippet_payload(spec), lambda: run_one(rel, "cpu"))


@pytest.fixture
def helpers_tree(tree) -> Path:
    topic = tree / "snippets" / "demo"
    (topic / "_fmt.py").write_text("def show(x):\n    print('value:', x)\n", encoding="utf-8")
    for name in ("one", "two"):
        (topic / f"{name}.py").write_text(f"from _fmt import show\n\nshow({name!r})\n", encoding="utf-8")
    (topic / "alone.py").write_text("print('alone')\n", encoding="utf-8")
    return tree


ALL = ["snippets/demo/alone.py", "snippets/demo/one.py", "snippets/demo/two.py"]


def test_editing_a_helper_reruns_exactly_the_snippets_that_import_it(helpers_tree):
    assert sorted(run_all(ALL, "cpu")[1]) == ALL
    assert run_all(ALL, "cpu")[1] == []
    helper = helpers_tree / "snippets" / "demo" / "_fmt.py"
    helper.write_text(helper.read_text() + "# edited\n", encoding="utf-8")
    assert sorted(run_all(ALL, "cpu")[1]) == ["snippets/demo/one.py", "snippets/demo/two.py"]
    # One entry per snippet: the edit replaced the old records instead of piling up next to them.
    cache = helpers_tree / ".cache" / "snippets"
    entries = sorted(p.parent.relative_to(cache).as_posix() for p in cache.rglob("*.json"))
    assert entries == ["snippets/demo/alone.py", "snippets/demo/one.py", "snippets/demo/two.py"]


def test_editing_requirements_reruns_everything(helpers_tree):
    assert sorted(run_all(ALL, "cpu")[1]) == ALL
    lock = helpers_tree / "requirements.txt"
    lock.write_text(lock.read_text() + "# a new pin\n", encoding="utf-8")
    assert sorted(run_all(ALL, "cpu")[1]) == ALL


def test_deleted_snippets_and_notebooks_lose_their_cache_entries(helpers_tree):
    run_all(device="cpu")
    examples = helpers_tree / "examples"
    examples.mkdir()
    for name in ("nb_a", "nb_b"):
        (examples / f"{name}.py").write_text(f"# %%\nprint({name!r})\n", encoding="utf-8")
    results, ran = run_notebooks("cpu")
    assert ran == ["examples/nb_a.py", "examples/nb_b.py"]
    assert json.loads(results["examples/nb_a.py"][0].output) == [
        [{"output_type": "stream", "name": "stdout", "text": "nb_a\n"}]
    ]
    (helpers_tree / "snippets" / "demo" / "alone.py").unlink()
    (examples / "nb_b.py").unlink()
    run_all(device="cpu")
    assert run_notebooks("cpu")[1] == []
    cache = helpers_tree / ".cache" / "snippets"
    slots = sorted(p.relative_to(cache).as_posix() for p in cache.rglob("*") if p.is_dir())
    assert slots == [
        "examples",
        "examples/nb_a.py",
        "snippets",
        "snippets/demo",
        "snippets/demo/one.py",
        "snippets/demo/two.py",
    ]


# ---------------------------------------------------------------------------------------------------------
# The fork server and the scheduler


def test_stray_output_while_the_server_imports_torch_does_not_disturb_it(tmp_path, monkeypatch):
    noisy = tmp_path / "noisy"
    noisy.mkdir()
    (noisy / "sitecustomize.py").write_text(
        'print("hello from an old sitecustomize")\nprint(\'{"pid": 1, "exit": 0}\')\n', encoding="utf-8"
    )
    monkeypatch.setenv("PYTHONPATH", str(noisy))
    server = ForkServer()
    try:
        out = tmp_path / "out.txt"
        job = {
            "path": SNIPPET,
            "file": str(ROOT / SNIPPET),
            "args": [],
            "env": child_env("cpu"),
            "cwd": str(tmp_path),
            "output": str(out),
            "result": str(tmp_path / "result.json"),
        }
        for _ in range(2):
            pid, code, timed_out = server.run(job, 60)
            assert (code, timed_out) == (0, False) and pid != 1
            assert "device: cpu" in out.read_text(encoding="utf-8")
    finally:
        server.close()
    assert server.proc.poll() is not None


def test_many_instant_snippets_in_parallel_each_get_their_own_answer(tree):
    """A child that finishes at once must not overtake the word that it started (a race seen in the bench)."""
    paths = [write(tree, f"snippets/demo/t{i:02d}.py", f"print({i})\n") for i in range(60)]
    records, ran = run_all(paths, "cpu", use_cache=False)
    assert sorted(ran) == paths
    assert [records[p].output for p in paths] == [f"{i}\n" for i in range(60)]


def test_a_launched_run_reports_no_code_time_of_its_own(tree):
    """Ranks and a launcher have no single "code itself" time: the report shows none rather than wall time."""
    rel = write(
        tree,
        "snippets/demo/t.py",
        "# run: torchrun --standalone --nproc-per-node 1 snippets/demo/t.py\nprint('ok')\n",
    )
    record = run_one(rel, "cpu")
    assert (record.output, record.compute, record.kind) == ("[rank0] ok\n", None, "processes")
    assert read_spec(rel).ranks == 1 and record.seconds > 0
    forked = run_one(write(tree, "snippets/demo/p.py", "print('ok')\n"), "cpu")
    assert 0 < forked.compute < forked.seconds


def test_runs_start_only_while_their_processes_fit_in_the_cores():
    cores, running, peak = Cores(2), [0], [0]
    lock = threading.Lock()

    def job(weight: int) -> None:
        held = min(weight, 2)  # a 3-rank run counts as the whole machine
        with cores.hold(weight):
            with lock:
                running[0] += held
                peak[0] = max(peak[0], running[0])
            time.sleep(0.05)
            with lock:
                running[0] -= held

    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(job, [2, 1, 1, 3, 1, 2]))
    assert peak[0] == 2  # the cores were full at times, and never oversubscribed


def test_a_launched_run_counts_half_a_core_per_rank_and_a_plain_one_a_whole_core(tree):
    """Ranks wait on each other and on the launcher's start, so two 2-rank runs share a 2-core machine."""
    held = {}
    for ranks in (1, 2, 3, 4):
        rel = write(
            tree,
            f"snippets/demo/r{ranks}.py",
            f"# run: torchrun --standalone --nproc-per-node {ranks} snippets/demo/r{ranks}.py\nprint('ok')\n",
        )
        held[ranks] = cores_held(read_spec(rel))
    plain = cores_held(read_spec(write(tree, "snippets/demo/plain.py", "print('ok')\n")))
    assert (held, plain) == ({1: 1, 2: 1, 3: 2, 4: 2}, 1)


def test_the_exit_abort_is_retried_a_bounded_number_of_times_and_nothing_else_is(capsys):
    from docs_runner.launchers import EXIT_ABORT, EXIT_ABORT_RETRIES, retry_exit_abort

    def failing(messages, error=SnippetError):
        calls = []

        def run():
            calls.append(1)
            if len(calls) <= len(messages):
                raise error(messages[len(calls) - 1])
            return "ran"

        return run, calls

    run, calls = failing([f"rank 1: {EXIT_ABORT}"] * EXIT_ABORT_RETRIES)
    assert retry_exit_abort("x.py", run) == "ran" and len(calls) == EXIT_ABORT_RETRIES + 1
    assert capsys.readouterr().err.count("running it once more") == EXIT_ABORT_RETRIES
    run, calls = failing([f"rank 1: {EXIT_ABORT}"] * (EXIT_ABORT_RETRIES + 1))
    with pytest.raises(SnippetError, match=EXIT_ABORT):
        retry_exit_abort("x.py", run)
    assert len(calls) == EXIT_ABORT_RETRIES + 1, "the last abort stands"
    run, calls = failing(["x.py failed (exit 1): ValueError"])
    with pytest.raises(SnippetError, match="ValueError"):
        retry_exit_abort("x.py", run)
    assert len(calls) == 1, "any other failure is not retried"
    # A test runs a file that starts torchrun itself: the abort arrives as the file's own error.
    run, calls = failing([f"torchrun failed: {EXIT_ABORT}"], error=RuntimeError)
    with pytest.raises(RuntimeError, match=EXIT_ABORT):
        retry_exit_abort("x.py", run)
    assert len(calls) == 1, "only the engine's errors unless told otherwise"
    run, calls = failing([f"torchrun failed: {EXIT_ABORT}"], error=RuntimeError)
    assert retry_exit_abort("x.py", run, errors=(Exception,)) == "ran" and len(calls) == 2
