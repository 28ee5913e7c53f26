"""A second build of this site in a child process: the offline copy's (hooks/offline_copy.py) and the PDF's
print site (hooks/pdf_export.py). Private helper of the hooks.

The child runs in a process group of its own, stopped whole if it outlives its time limit or this build is
interrupted; its output goes to a file (a stopped build leaves no pipe open). It must run no snippet itself
(the outer build has run them all and the cache holds their records).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

from mkdocs.exceptions import PluginError

from docs_runner.procs import kill_group

RAN = re.compile(r"snippets: (\d+) ran")  # hooks/execute_snippets.py logs it once per language
PAGES = re.compile(r"pages: \d+ rendered, \d+ from memo")  # hooks/render_memo.py logs it once per build
MKDOCS = [sys.executable, "-m", "mkdocs"]


def run_build(
    config_file: Path, site_dir: Path, env: dict[str, str], what: str, limit_s: int, setting: str
) -> str:
    """Build `config_file` into `site_dir` under `env`; its "pages: N rendered, M from memo" line. `what`
    names the build in errors ("the offline copy's build"), `setting` the constant that holds `limit_s`."""
    command = [*MKDOCS, "build", "--strict", "-f", str(config_file), "-d", str(site_dir)]
    with tempfile.TemporaryFile("w+", encoding="utf-8") as out:
        proc = subprocess.Popen(
            command, cwd=config_file.parent, env=env, stdout=out, stderr=out, start_new_session=True
        )
        try:
            proc.wait(timeout=limit_s)
        except BaseException as exc:
            kill_group(proc.pid)
            proc.wait()
            if not isinstance(exc, subprocess.TimeoutExpired):
                raise
            out.seek(0)
            raise PluginError(
                f"{what} of {config_file} did not finish in {limit_s} s ({setting}); stopped it and every"
                f" process it started:\n{out.read()[-6000:].rstrip()}"
            ) from None
        out.seek(0)
        output = out.read()
    if proc.returncode != 0:
        raise PluginError(f"{what} failed:\n{output[-6000:]}")
    ran = [int(n) for n in RAN.findall(output)]
    if not ran or any(ran):
        raise PluginError(f"{what} ran snippets itself:\n{output[-3000:]}")
    pages = PAGES.search(output)
    return pages[0] if pages else "pages: not counted"
