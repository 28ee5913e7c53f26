"""Shared fixtures. Snippet tests import lesson code the way FastAPI's tests import docs_src: run the very
file the page shows, then assert on the names it defines and on what it printed.

Each test module under tests/snippets/ and tests/examples/ runs in its own child forked from this pytest
process, which imported torch once and never runs lesson code itself (nor initialises CUDA): a module's
snippet runs once in that child, under the environment the build gives every run (docs_runner.policy), its
tests assert on the live objects, and nothing it changes (warn-once state, global modes, seeds) reaches the
next module. This is the build's model (one preloaded process, a fork per snippet) applied to pytest.

The build's own records (docs_runner.shard.run_site, from the cache when the site was built first) are
fetched once per session, before the first fork: a plain snippet's test compares what its run printed with
the build's record (the determinism check), and a launched snippet's test reads the build's record instead
of launching the program again.
"""

from __future__ import annotations

import ast
import base64
import contextlib
import json
import logging
import os
import re
import select
import signal
import sys
import tempfile
import time
import traceback
import warnings
import zlib
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("PYTORCH_NVML_BASED_CUDA_CHECK", "1")  # is_available() without initialising CUDA

import pytest
from _pytest.reports import TestReport
from _pytest.runner import runtestprotocol

from docs_runner import policy
from docs_runner.forkserver.child import captured_output, exec_file
from docs_runner.launchers import retry_exit_abort
from docs_runner.machine import detect_device
from docs_runner.paths import ROOT
from docs_runner.procs import kill_group, snippet_server
from docs_runner.records import Record, comparable
from docs_runner.spec import read_spec

HERE = Path(__file__).resolve().parent
READER_ENV: dict[str, str] = {}  # this process's environment before the child took the build's
FORKED = (HERE / "snippets", HERE / "examples")


def function_source(snippet: str, name: str) -> str:
    """The source of the top-level function `name` of snippets/<snippet>.py, read without running the file
    (for files that start processes, whose tests in `make test` assert on the build's run)."""
    text = (ROOT / "snippets" / f"{snippet}.py").read_text(encoding="utf-8")
    (function,) = [node for node in ast.parse(text).body if getattr(node, "name", "") == name]
    return ast.get_source_segment(text, function)


def cuda_available() -> bool:
    import torch

    return torch.cuda.is_available()


def pytest_configure(config):
    if os.environ.get("PYTHONHASHSEED") != "0":
        raise pytest.UsageError(
            "run the tests with PYTHONHASHSEED=0, as every snippet run gets it (`make test` sets it): "
            "the tests compare their runs' output with the build's"
        )


def pytest_collection_modifyitems(config, items):
    if cuda_available():
        return
    skip = pytest.mark.skip(reason="needs a CUDA device; this machine has none (the CPU path is tested)")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


# ---------------------------------------------------------------------------------------------------------
# The build's records, fetched once per session


_RECORDS = pytest.StashKey[dict]()


def build_records(session) -> dict[str, Record]:
    """Every snippet's and notebook's record from the build (run now only what the cache lacks)."""
    if _RECORDS not in session.stash:
        from docs_runner.shard import run_site

        with engine_lock(session.config):  # one worker runs what the cache lacks, the others read it
            session.stash[_RECORDS] = run_site(detect_device()).records
    return session.stash[_RECORDS]


# ---------------------------------------------------------------------------------------------------------
# pytest-xdist: `make test` runs two workers. What runs snippets or builds the site happens once per session,
# under a lock in a folder all workers share; a module runs whole on one worker (its fork, its fixtures).


def shared_dir(config) -> Path:
    """This session's temporary folder, the same for every xdist worker (each has a subfolder of it)."""
    base = config._tmp_path_factory.getbasetemp()
    return base.parent if hasattr(config, "workerinput") else base


@contextlib.contextmanager
def engine_lock(config):
    """Held while the engine runs snippets or a build of the real site runs: two workers never run the same
    file at once, and whoever comes second finds it in the cache."""
    from filelock import FileLock

    with FileLock(shared_dir(config) / "engine.lock"):
        yield


SPREAD = {"tests/site/test_browser.py": 4}  # long modules whose tests may run on several workers


def work_unit(nodeid: str) -> str:
    """The unit of work a test belongs to: its module, or one of the SPREAD module's parts."""
    module = nodeid.split("::")[0]
    if module not in SPREAD:
        return module
    return f"{module}#{zlib.crc32(nodeid.encode()) % SPREAD[module]}"


def pytest_xdist_make_scheduler(config, log):
    """Whole modules (or SPREAD parts) to one worker. xdist's `--dist loadgroup` reads `xdist_group` marks by
    renaming each test's nodeid, which pytest 9 no longer lets a plugin do (a node's id is a structured value
    now, and xdist 3.8 still writes the old string attribute): with marks, every test was its own unit, so a
    module's fixtures were set up on both workers (the offline copy was built twice). This scheduler gives
    xdist's module scheduling our units instead, with no renaming."""
    from xdist.scheduler import LoadScopeScheduling

    class ModuleScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return ModuleScheduling(config, log)


# ---------------------------------------------------------------------------------------------------------
# One forked child per test module


def _forked(item) -> bool:
    return any(item.path.is_relative_to(d) for d in FORKED)


def module_deadline(config) -> float | None:
    """Seconds a forked module may run in all: a little under pytest-timeout's limit, whose alarm would
    otherwise go off inside this protocol and end the whole session (or xdist worker) without a report."""
    limit = float(config.getoption("timeout", None) or 0)
    return limit * 0.9 if limit > 0 else None


def _run_module_in_child(items, after, config) -> list[list[dict]] | str:
    """Fork; the child runs every test of one module and sends back their serialised reports (or, if the
    child itself broke or ran out of time, the reason as a string)."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read_fd)
        try:
            os.setpgid(0, 0)  # its own group, and a mark that servers started in their own session inherit
            os.environ["DOCS_RUN"] = module_mark(os.getpid())
            READER_ENV.update(os.environ)  # what a `# server:` command gets, as in the build
            policy.enter(policy.child_env(detect_device()))  # what every run of the build gets
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
    seconds = module_deadline(config)
    try:
        data = _read_until(read_fd, None if seconds is None else time.monotonic() + seconds)
    except BaseException:  # pytest-timeout's alarm, an interrupt: nothing the child started may outlive it
        kill_group(pid, module_mark(pid))
        os.waitpid(pid, 0)
        raise
    finally:
        os.close(read_fd)
    if data is None:
        kill_group(pid, module_mark(pid))
        os.waitpid(pid, 0)
        snippets = ", ".join(_snippets_named(items)) or "no snippet named"
        return (
            f"the module did not finish within {seconds:g} s; killed its process group (snippets: {snippets})"
        )
    _, status = os.waitpid(pid, 0)
    if not data:
        return f"the test child died (wait status {status}, exit code {os.waitstatus_to_exitcode(status)})"
    result = json.loads(data)
    return result["error"] if isinstance(result, dict) else result


def module_mark(pid: int) -> str:
    """The DOCS_RUN value every process of the forked module `pid` carries (see procs.live_group_members)."""
    return f"pytest-module-{pid}"


def _read_until(fd: int, deadline: float | None) -> str | None:
    """Everything written to `fd` until EOF, or None if `deadline` (a monotonic time) comes first."""
    chunks = []
    while True:
        wait = None if deadline is None else max(0.0, deadline - time.monotonic())
        if not select.select([fd], [], [], wait)[0]:
            return None
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks).decode()
        chunks.append(chunk)


def _snippets_named(items) -> list[str]:
    """The snippets a module's source names (run_snippet("x/y") or build_record("x/y")), for the message."""
    source = items[0].path.read_text(encoding="utf-8")
    return sorted(
        {f"snippets/{name}.py" for name in re.findall(r'(?:run_snippet|build_record)\("([\w/]+)"', source)}
    )


def _failed_report(item, why: str) -> TestReport:
    return TestReport(item.nodeid, item.location, {}, "failed", f"{item.path}: {why}", "call", [], 0.0)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    if not _forked(item):
        return None
    session = item.session
    outcomes = session.stash.setdefault(_OUTCOMES, {})
    if item.nodeid not in outcomes:  # the module's first test: its child runs them all
        outcomes.update(_run_module(item))
    # Each test's reports are logged in that test's own protocol (pytest-xdist insists on it).
    outcome = outcomes.pop(item.nodeid)
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    if isinstance(outcome, str):  # the module could not run: each of its tests fails with the reason
        item.ihook.pytest_runtest_logreport(report=_failed_report(item, outcome))
    else:
        for data in outcome:
            if isinstance(data.get("longrepr"), list):  # a skip's (path, line, reason); JSON made it a list
                data["longrepr"] = tuple(data["longrepr"])
            report = item.config.hook.pytest_report_from_serializable(config=item.config, data=data)
            item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    if nextitem is None or nextitem.path != item.path:
        # The module's last test here: tear down what this process set up before the fork, as pytest would
        # before the test that really comes next (under xdist, not the next one in collection order).
        session._setupstate.teardown_exact(nextitem)
    return True


def _run_module(item) -> dict[str, list[dict] | str]:
    """Run every test of item's module in one forked child; each test's serialised reports (or why the module
    could not run), by node id."""
    session = item.session
    module = [i for i in session.items if i.path == item.path]
    after = (
        session.items[session.items.index(module[-1]) + 1] if module[-1] is not session.items[-1] else None
    )
    try:
        from docs_runner.forkserver.client import fork_server

        fork_server()  # before the fork: every test module that runs snippets shares this one server
        if any({"build_record", "run_snippet"} & set(i.fixturenames) for i in module):
            build_records(session)  # before the fork, so every child inherits them
        results = _run_module_in_child(module, after, item.config)
    except Exception:
        results = traceback.format_exc()
    except pytest.fail.Exception:  # pytest-timeout's alarm: this module fails, the session goes on
        results = f"stopped by pytest-timeout:\n{traceback.format_exc()}"
    if isinstance(results, str):
        return {test.nodeid: results if n == 0 else "see above" for n, test in enumerate(module)}
    return {test.nodeid: results[n] for n, test in enumerate(module)}


_OUTCOMES = pytest.StashKey[dict]()


# ---------------------------------------------------------------------------------------------------------
# Fixtures


def _print_warning(message, category, filename, lineno, file=None, line=None):
    """What Python's own showwarning prints (pytest's recorder replaced the function that does it)."""
    sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


@contextlib.contextmanager
def as_a_fresh_interpreter():
    """Warnings and log records printed to stderr as `python <file>` prints them, under the project's warning
    policy: pytest otherwise records both, and the output would differ from the build's."""
    root = logging.getLogger()
    handlers, root.handlers = root.handlers, []  # no handler: logging's last resort writes to stderr
    try:
        with warnings.catch_warnings():
            warnings.resetwarnings()
            policy.apply_warning_filters(policy.warning_filters())
            warnings.showwarning = _print_warning
            yield
    finally:
        root.handlers = handlers


@contextlib.contextmanager
def deadline(path: str, seconds: int):
    """The file's `# timeout:` under test too: a run that takes longer raises TimeoutError naming it."""

    def expire(signum, frame):
        raise TimeoutError(f"{path}: timed out after {seconds} s under test (its '# timeout:')")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="module")
def build_record(request):
    """build_record("distributed/ddp_first_step") -> the Record of the build's run of that file (for launched
    snippets: every rank's lines, rank by rank; for any snippet: its figures as the page shows them)."""
    records = build_records(request.session)

    def record(name: str) -> Record:
        path = f"snippets/{name}.py"
        if path not in records:
            raise FileNotFoundError(f"{path}: not a snippet the build ran")
        return records[path]

    return record


@pytest.fixture(scope="module")
def run_snippet(build_record):
    """run_snippet("tensors/creation") -> namespace of the file's globals, with .stdout set to its output.

    The file runs once per test module (in the module's forked child); fresh=True runs it again. The first
    run must print what the build showed, apart from the values the file declares as measured."""
    runs: dict[str, SimpleNamespace] = {}

    def run(name: str, *, fresh: bool = False) -> SimpleNamespace:
        if name in runs and not fresh:
            return runs[name]
        path = f"snippets/{name}.py"
        if not (ROOT / path).is_file():
            raise FileNotFoundError(f"{path} does not exist")
        spec = read_spec(path)
        if spec.launcher != "python":
            raise ValueError(f"{path} runs with {spec.launcher}: read the build's run with build_record")

        def once() -> SimpleNamespace:
            with tempfile.TemporaryDirectory() as tmp:
                printed, work = Path(tmp) / "output.txt", Path(tmp) / "cwd"
                work.mkdir()
                cwd = os.getcwd()
                os.chdir(work)  # files the snippet writes land in a throwaway folder, as in the build
                try:
                    log = Path(tmp) / "server.log"
                    with snippet_server(path, spec.server, work, log, READER_ENV or None) as server_env:
                        os.environ.update(server_env)
                        with captured_output(printed), as_a_fresh_interpreter(), deadline(path, spec.timeout):
                            namespace = exec_file(path)
                finally:
                    os.chdir(cwd)
                ns = SimpleNamespace(**{k: v for k, v in namespace.items() if not k.startswith("__")})
                ns.stdout = printed.read_text(encoding="utf-8")
                drawn = [figure for figure in spec.figures if (work / figure).exists()]
                ns.figures = {figure: (work / figure).read_bytes() for figure in drawn}
            return ns

        # A file that starts torchrun itself meets the torch/gloo exit abort the build retries too: the same
        # retries here, for the same failure only.
        ns = retry_exit_abort(path, once, errors=(Exception,))
        if name not in runs:
            shown = build_record(name)
            if shown.status == "ok":
                assert comparable(ns.stdout, spec.measured) == comparable(shown.output, spec.measured), (
                    f"{path}: this run printed something else than the build's run (not deterministic?)"
                )
                if not spec.measured:  # a figure of measured values may differ; any other must not
                    built = {name: base64.b64decode(data) for name, data in shown.figures.items()}
                    assert ns.figures == built, (
                        f"{path}: this run drew other bytes than the build's run (figure not deterministic?)"
                    )
        runs[name] = ns
        return ns

    return run
