"""Bad input fails loudly and names the culprit: a snippet that raises, warns, hangs, leaves a process behind,
names an unknown launcher or a helper that is gone, a multi-process run whose rank crashes, a missing include,
a broken link or anchor, an unknown language. (A page in one language only is caught by test_parity.py.) Each
case breaks the tiny site (tests/site/conftest.py: the real configuration, hooks and engine, three pages) and
runs the real strict build."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from tests.site.conftest import build_log


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


BAD_SNIPPETS = {
    "zz_broken.py": 'import torch\n\nprint("before")\ntorch.ones(2) @ torch.ones(3)\n',
    "zz_warns.py": 'import warnings\n\nwarnings.warn("old API", DeprecationWarning)\n',
    "zz_launcher.py": "# run: mpirun -n 2 snippets/tensors/zz_launcher.py\nprint('never')\n",
    "zz_hangs.py": "# timeout: 3\nimport time\n\nprint('going to sleep')\ntime.sleep(600)\n",
    "zz_leaves.py": "import subprocess\n\nsubprocess.Popen(['sleep', '600'])\nprint('left a sleeper')\n",
    # Processes started in sessions of their own leave the snippet's process group: the run's mark finds them.
    "zz_session_hangs.py": (
        "# timeout: 3\nimport subprocess\nimport time\n\n"
        "subprocess.Popen(['sleep', '6202'], start_new_session=True)\ntime.sleep(600)\n"
    ),
    "zz_session_leaves.py": (
        "import subprocess\n\nsubprocess.Popen(['sleep', '6203'], start_new_session=True)\nprint('left')\n"
    ),
    "zz_helper.py": "import _gone_helper\n",
    "zz_server.py": "# server: sleep 6101 ${PORT:-6006}\n# timeout: 3\nprint('never')\n",
    "zz_rank.py": (
        "# run: torchrun --standalone --nproc-per-node 2 snippets/tensors/zz_rank.py\n"
        "# timeout: 120\n"
        "import os\n\nimport torch.distributed as dist\n\n"
        "dist.init_process_group('gloo')\n"
        "if dist.get_rank() == 1:\n    raise RuntimeError('rank one gives up')\n"
        "dist.barrier()  # rank 0 would wait here forever without the launcher\n"
    ),
}


def test_bad_snippets_fail_one_build_each_named_with_its_reason(tiny_site):
    project = tiny_site
    """All of them in one build: the runner collects every failure, so one build reports them all."""
    for name, source in BAD_SNIPPETS.items():
        (project / "snippets" / "tensors" / name).write_text(source, encoding="utf-8")
    code, log = build_log(tiny_site)
    assert code != 0
    assert "snippets/tensors/zz_broken.py failed (exit 1)" in log and "before" in log
    assert 'File "/' in log and 'zz_broken.py", line 4, in <module>' in log and "RuntimeError" in log
    assert "snippets/tensors/zz_warns.py failed" in log and "DeprecationWarning: old API" in log
    assert "snippets/tensors/zz_launcher.py: unknown launcher 'mpirun'" in log
    assert "snippets/tensors/zz_hangs.py: timed out after 3 s; killed its process group" in log
    assert "going to sleep" in log
    assert re.search(
        r"snippets/tensors/zz_leaves.py: the snippet left 1 process\(es\) behind \(pids \[\d+\]\)", log
    )
    assert "snippets/tensors/zz_session_hangs.py: timed out after 3 s; killed its process group" in log
    assert re.search(
        r"snippets/tensors/zz_session_leaves.py: the snippet left 1 process\(es\) behind \(pids \[\d+\]\)",
        log,
    )
    assert "snippets/tensors/zz_helper.py: imports _gone_helper, but the helper module" in log
    assert "snippets/tensors/zz_server.py: '# server: sleep 6101 ${PORT:-6006}' did not start" in log
    assert "snippets/tensors/zz_rank.py failed (exit 1): rank 1 failed first" in log
    assert "[rank1]: RuntimeError: rank one gives up" in log
    leftovers = subprocess.run(
        ["pgrep", "-f", "sleep 600|sleep 6101|sleep 6202|sleep 6203|zz_rank.py|zz_hangs"],
        capture_output=True,
        text=True,
    )
    assert leftovers.stdout == "", f"processes outlived the build: {leftovers.stdout}"


def test_missing_include_fails_naming_the_path(tiny_site):
    project = tiny_site
    append(project / "docs" / "zh" / "tensors.md", '\n```python\n--8<-- "snippets/tensors/nope.py"\n```\n')
    code, log = build_log(tiny_site)
    assert code != 0 and "snippets/tensors/nope.py" in log


def test_broken_link_and_anchor_fail_naming_the_page(tiny_site):
    project = tiny_site
    append(
        project / "docs" / "en" / "tensors.md",
        "\n[gone](missing-page.md) [no anchor](index.md#no-such-anchor)\n",
    )
    for build in ("first", "second"):  # the page memo keeps no render that warned: each build warns again
        code, log = build_log(tiny_site)
        assert code != 0, build
        assert re.search(r"tensors\.md.*missing-page\.md", log), (build, log[-3000:])
        assert "no-such-anchor" in log, build


def test_unknown_language_fails(tiny_site):
    project = tiny_site
    text = (project / "mkdocs.yml").read_text(encoding="utf-8")
    text = text.replace(
        "        - locale: en\n          name: English", "        - locale: xx\n          name: Unknown"
    )
    (project / "mkdocs.yml").write_text(text, encoding="utf-8")
    shutil.copytree(project / "docs" / "en", project / "docs" / "xx")
    code, log = build_log(tiny_site)
    assert code != 0 and "'xx'" in log
