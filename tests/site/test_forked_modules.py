"""tests/conftest.py runs each snippet-test module in a forked child: a child that dies fails that module's
tests, naming why, and the session goes on (no INTERNALERROR)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

from docs_runner.paths import ROOT

DIES = (
    "import os\nimport signal\n\n\n"
    "def test_a():\n    os.kill(os.getpid(), signal.SIGKILL)\n\n\n"
    "def test_b():\n    pass\n"
)
OK = "def test_ok():\n    assert 1 + 1 == 2\n"


def test_a_dying_module_fails_its_tests_and_the_session_goes_on(tmp_path):
    tests = tmp_path / "tests"
    (tests / "snippets").mkdir(parents=True)
    shutil.copy2(ROOT / "tests" / "conftest.py", tests / "conftest.py")
    for name, body in {"test_dies": DIES, "test_ok": OK, "test_zz_ok": OK}.items():
        (tests / "snippets" / f"{name}.py").write_text(body, encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
        cwd=tmp_path,
        env=dict(os.environ, PYTHONHASHSEED="0"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    assert "INTERNALERROR" not in out
    assert "2 failed, 2 passed" in out
    assert "the test child died (wait status 9, exit code -9)" in out
