"""Shared fixtures. Snippet tests import lesson code the way FastAPI's tests import docs_src: run the very
file the page shows, then assert on the names it defines and on what it printed.

Each test module under tests/snippets/ and tests/examples/ runs in its own child forked from this pytest
process, which imported torch once and never runs lesson code itself (nor initialises CUDA): a module's
snippet runs once in that child, its tests assert on the live objects (views, gradients, shared memory
intact), and nothing it changes (warn-once state, global modes, seeds) reaches the next module. This is the
build's model (hooks/snippet_runner.py: one preloaded process, a fork per snippet) applied to pytest.
"""

from __future__ import annotations

import json
import os
import tempfile
import traceback
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("PYTORCH_NVML_BASED_CUDA_CHECK", "1")  # is_available() without initialising CUDA

import pytest
from _pytest.runner import runtestprotocol
from snippet_runner import (
    captured_output,
    detect_device,
    exec_file,
    read_spec,
    run_one,
    snippet_server,
)

ROOT = Path(__file__).resolve().parent.parent
# Launched snippets (torchrun, horovodrun) cost seconds per run. tests/site/test_cache.py runs every snippet
# once in a fresh interpreter, as the reader would, for its determinism check, and keeps the launched ones'
# records here; the snippet-test modules run later in children forked from this process, inherit them, and
# assert on that same run instead of launching each program a third time (the build was the first).
FRESH_LAUNCHES: dict[str, object] = {}
FORKED = (ROOT / "tests" / "snippets", ROOT / "tests" / "examples")


def cuda_available() -> bool:
    import torch

    return torch.cuda.is_available()


def pytest_collection_modifyitems(config, items):
    if cuda_available():
        return
    skip = pytest.mark.skip(reason="needs a CUDA device; this machine has none (the CPU path is tested)")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


# ---------------------------------------------------------------------------------------------------------
# One forked child per test module


def _forked(item) -> bool:
    return any(item.path.is_relative_to(d) for d in FORKED)


def _run_module_in_child(items, after, config) -> list[list[dict]]:
    """Fork; the child runs every test of one module and sends back their serialised reports."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read_fd)
        try:
            out = []
            for i, item in enumerate(items):
                nextitem = items[i + 1] if i + 1 < len(items) else after
                reports = runtestprotocol(item, nextitem=nextitem, log=False)
                out.append(
                    [config.hook.pytest_report_to_serializable(config=config, report=r) for r in reports]
                )
            data = json.dumps(out)
        except BaseException:
            data = json.dumps({"error": traceback.format_exc()})
        with os.fdopen(write_fd, "w") as pipe:
            pipe.write(data)
        os._exit(0)
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        data = pipe.read()
    _, status = os.waitpid(pid, 0)
    result = json.loads(data) if data else {"error": f"the test child died (wait status {status})"}
    if isinstance(result, dict):
        raise RuntimeError(f"{items[0].path}: {result['error']}")
    return result


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    if not _forked(item):
        return None
    session = item.session
    done = session.stash.setdefault(_DONE, set())
    if item.path in done:
        return True  # ran (and was reported) with the first test of its module
    done.add(item.path)
    module = [i for i in session.items if i.path == item.path]
    after = (
        session.items[session.items.index(module[-1]) + 1] if module[-1] is not session.items[-1] else None
    )
    results = _run_module_in_child(module, after, item.config)
    for test, reports in zip(module, results, strict=True):
        test.ihook.pytest_runtest_logstart(nodeid=test.nodeid, location=test.location)
        for data in reports:
            if isinstance(data.get("longrepr"), list):  # a skip's (path, line, reason); JSON made it a list
                data["longrepr"] = tuple(data["longrepr"])
            report = item.config.hook.pytest_report_from_serializable(config=item.config, data=data)
            test.ihook.pytest_runtest_logreport(report=report)
        test.ihook.pytest_runtest_logfinish(nodeid=test.nodeid, location=test.location)
    session._setupstate.teardown_exact(after)  # what this process set up before the fork, as pytest would
    return True


_DONE = pytest.StashKey[set]()


# ---------------------------------------------------------------------------------------------------------
# Fixtures


@pytest.fixture(scope="module")
def run_snippet():
    """run_snippet("tensors/creation") -> namespace of the file's globals, with .stdout set to its output.

    The file runs once per test module (in the module's forked child); fresh=True runs it again."""
    runs: dict[str, SimpleNamespace] = {}

    def run(name: str, *, fresh: bool = False) -> SimpleNamespace:
        if name in runs and not fresh:
            return runs[name]
        path = f"snippets/{name}.py"
        if not (ROOT / path).is_file():
            raise FileNotFoundError(f"{path} does not exist")
        spec = read_spec(path)
        if spec.launcher != "python":
            raise ValueError(f"{path} runs with {spec.launcher}: use the launch_snippet fixture")
        with tempfile.TemporaryDirectory() as tmp:
            printed, work = Path(tmp) / "output.txt", Path(tmp) / "cwd"
            work.mkdir()
            cwd = os.getcwd()
            os.chdir(work)  # files the snippet writes land in a throwaway folder, as in the build
            try:
                with snippet_server(spec, work, Path(tmp) / "server.log") as server_env:
                    os.environ.update(server_env)
                    with captured_output(printed):
                        namespace = exec_file(path)
            finally:
                os.chdir(cwd)
            ns = SimpleNamespace(**{k: v for k, v in namespace.items() if not k.startswith("__")})
            ns.stdout = printed.read_text(encoding="utf-8")
        runs[name] = ns
        return ns

    return run


@pytest.fixture(scope="module")
def launch_snippet():
    """launch_snippet("distributed/ddp_first_step") -> the Record of running it as its `# run:` line says
    (torchrun and friends): its .output has every rank's lines, rank by rank. Once per test module, or none:
    see FRESH_LAUNCHES."""
    runs = {}

    def launch(name: str):
        path = f"snippets/{name}.py"
        if name not in runs:
            runs[name] = FRESH_LAUNCHES.get(path) or run_one(path, detect_device(), fresh=True)
        return runs[name]

    return launch
