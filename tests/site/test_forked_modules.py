"""tests/conftest.py runs each snippet-test module in a forked child: a child that dies, a module that hangs
and a snippet that hangs only under test each fail that module's tests, naming why, nothing they started
outlives them, and the session goes on (no INTERNALERROR)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib

from docs_runner.paths import ROOT

DIES = (
    "import os\nimport signal\n\n\n"
    "def test_a():\n    os.kill(os.getpid(), signal.SIGKILL)\n\n\n"
    "def test_b():\n    pass\n"
)
# A test that hangs, having started a process in its group and one in a session of its own (as a server is).
HANGS = (
    "import subprocess\nimport time\n\n\n"
    "def test_hangs():\n"
    "    subprocess.Popen(['sleep', '6091'])\n"
    "    subprocess.Popen(['sleep', '6092'], start_new_session=True)\n"
    "    time.sleep(600)\n"
)
# A snippet that the build runs in no time but that hangs under pytest, past its own '# timeout:'.
SLEEPY = (
    "# timeout: 2\nimport os\nimport time\n\n"
    "if 'PYTEST_CURRENT_TEST' in os.environ:\n    time.sleep(600)\nprint('done')\n"
)
USES_SLEEPY = 'def test_sleepy(run_snippet):\n    run_snippet("demo/sleepy")\n'
OK = "def test_ok():\n    assert 1 + 1 == 2\n"


def project(tmp_path):
    """A tree whose engine is a copy of this one (so ROOT is the tree) with the real tests/conftest.py."""
    shutil.copytree(
        ROOT / "docs_runner", tmp_path / "docs_runner", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copy2(ROOT / "requirements.txt", tmp_path / "requirements.txt")
    filters = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"][
        "filterwarnings"
    ]
    listed = "".join(f"    {f!r},\n" for f in filters)
    (tmp_path / "pyproject.toml").write_text(f"[tool.pytest.ini_options]\nfilterwarnings = [\n{listed}]\n")
    (tmp_path / "snippets" / "demo").mkdir(parents=True)
    (tmp_path / "snippets" / "demo" / "sleepy.py").write_text(SLEEPY, encoding="utf-8")
    tests = tmp_path / "tests"
    (tests / "snippets").mkdir(parents=True)
    shutil.copy2(ROOT / "tests" / "conftest.py", tests / "conftest.py")
    modules = {
        "test_dies": DIES,
        "test_hangs": HANGS,
        "test_sleepy": USES_SLEEPY,
        "test_ok": OK,
        "test_zz_ok": OK,
    }
    for name, body in modules.items():
        (tests / "snippets" / f"{name}.py").write_text(body, encoding="utf-8")
    return tmp_path


def test_dying_and_hanging_modules_fail_alone_and_the_session_goes_on(tmp_path):
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("PYTEST_CURRENT_TEST", None)  # the inner build must not look like a test to sleepy.py
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--timeout=10", "tests"],
        cwd=project(tmp_path),
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    assert "INTERNALERROR" not in out
    assert "4 failed, 2 passed" in out, out
    assert "the test child died (wait status 9, exit code -9)" in out
    assert (
        "tests/snippets/test_hangs.py: the module did not finish within 9 s; killed its process group "
        "(snippets: no snippet named)"
    ) in out
    assert "TimeoutError: snippets/demo/sleepy.py: timed out after 2 s under test (its '# timeout:')" in out
    left = subprocess.run(["pgrep", "-af", "sleep 609[12]"], capture_output=True, text=True).stdout
    assert [line for line in left.splitlines() if "pgrep" not in line] == []


RECORDS_WORKER = (
    "import os\n\n\n"
    "def record(name):\n"
    "    with open(os.environ['WHO_RAN'], 'a') as f:\n"
    "        f.write(f\"{__name__} {name} {os.environ.get('PYTEST_XDIST_WORKER')}\\n\")\n\n\n"
)


def test_with_two_workers_each_module_runs_whole_on_one_worker(tmp_path):
    """`make test`'s xdist workers take whole modules (tests/conftest.py pytest_xdist_make_scheduler): a
    module's fixtures are set up once, not once per worker that got some of its tests."""
    root = project(tmp_path)
    (root / "tests" / "site").mkdir()
    for module in ("test_one", "test_two", "test_three"):
        tests = "".join(f"def test_{i}():\n    record({i})\n\n\n" for i in range(6))
        (root / "tests" / "site" / f"{module}.py").write_text(RECORDS_WORKER + tests, encoding="utf-8")
    who = tmp_path / "who.txt"
    env = dict(os.environ, PYTHONHASHSEED="0", WHO_RAN=str(who))
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2", "tests/site"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    workers = {}
    for line in who.read_text().splitlines():
        module, _, worker = line.split()
        workers.setdefault(module, set()).add(worker)
    assert sorted(workers) == ["test_one", "test_three", "test_two"]
    assert all(len(ran_on) == 1 and None not in ran_on for ran_on in workers.values()), workers


def test_the_browser_module_is_spread_over_its_parts_and_the_others_are_whole():
    from tests.conftest import SPREAD, work_unit

    ((module, parts),) = SPREAD.items()
    ids = [f"{module}::test_page[zh-page{i}]" for i in range(40)]
    assert {work_unit(i) for i in ids} == {f"{module}#{k}" for k in range(parts)}
    assert work_unit("tests/site/test_cache.py::test_x[a]") == "tests/site/test_cache.py"


# Runs the tests in an order of its own, as an xdist worker does: the test that really comes after the forked
# module test_ok.py (checks/test_two.py) is not the one after it in collection order (test_zz_ok.py).
OWN_ORDER = (
    "ORDER = ['test_one.py', 'test_ok.py', 'test_two.py', 'test_zz_ok.py']\n\n\n"
    "def pytest_runtestloop(session):\n"
    "    order = sorted(session.items, key=lambda item: ORDER.index(item.path.name))\n"
    "    for n, item in enumerate(order):\n"
    "        following = order[n + 1] if n + 1 < len(order) else None\n"
    "        item.config.hook.pytest_runtest_protocol(item=item, nextitem=following)\n"
    "    return True\n"
)


def test_a_forked_module_tears_down_for_the_test_that_really_comes_next(tmp_path):
    root = project(tmp_path)
    for name in ("test_dies", "test_hangs", "test_sleepy"):
        (root / "tests" / "snippets" / f"{name}.py").unlink()
    (root / "tests" / "site").mkdir()
    (root / "tests" / "site" / "test_one.py").write_text(OK, encoding="utf-8")
    (root / "checks").mkdir()
    (root / "checks" / "test_two.py").write_text(OK, encoding="utf-8")
    (root / "own_order.py").write_text(OWN_ORDER, encoding="utf-8")
    pytest_args = ["-q", "-p", "no:cacheprovider", "-p", "own_order", "tests", "checks"]
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", *pytest_args],
        cwd=root,
        env=dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(root)),
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = proc.stdout + proc.stderr
    assert "4 passed" in out and "not torn down properly" not in out, out
