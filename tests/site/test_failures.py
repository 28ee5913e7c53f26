"""Bad input fails loudly and names the culprit: a snippet that raises, a missing include, a broken link or
anchor, a page in one language only, an unknown language. Each case breaks a temporary copy of the project
(with the snippet cache, so unchanged snippets are not re-run) and runs the real strict build."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.site.conftest import build_log

pytestmark = pytest.mark.slow


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def test_raising_snippet_fails_the_build_naming_file_and_error(project):
    (project / "snippets" / "tensors" / "zz_broken.py").write_text(
        'import torch\n\nprint("before")\ntorch.ones(2) @ torch.ones(3)\n', encoding="utf-8"
    )
    code, log = build_log(project)
    assert code != 0
    assert "snippets/tensors/zz_broken.py failed" in log
    assert "RuntimeError" in log and "before" in log


def test_warning_in_snippet_is_an_error(project):
    (project / "snippets" / "tensors" / "zz_warns.py").write_text(
        'import warnings\n\nwarnings.warn("old API", DeprecationWarning)\n', encoding="utf-8"
    )
    code, log = build_log(project)
    assert code != 0 and "snippets/tensors/zz_warns.py failed" in log and "DeprecationWarning: old API" in log


def test_missing_include_fails_naming_the_path(project):
    append(project / "docs" / "zh" / "tensors.md", '\n```python\n--8<-- "snippets/tensors/nope.py"\n```\n')
    code, log = build_log(project)
    assert code != 0 and "snippets/tensors/nope.py" in log


def test_broken_link_and_anchor_fail_naming_the_page(project):
    append(project / "docs" / "en" / "tensors.md", "\n[gone](missing-page.md) [no anchor](index.md#no-such-anchor)\n")
    code, log = build_log(project)
    assert code != 0
    assert re.search(r"tensors\.md.*missing-page\.md", log), log[-3000:]
    assert "no-such-anchor" in log


def test_page_in_one_language_only_fails(project):
    (project / "docs" / "zh" / "extra.md").write_text("# 只有中文\n", encoding="utf-8")
    text = (project / "mkdocs.yml").read_text(encoding="utf-8")
    (project / "mkdocs.yml").write_text(text.replace("  - report.md\n", "  - report.md\n  - extra.md\n"), encoding="utf-8")
    code, log = build_log(project)
    assert code != 0 and "extra.md" in log


def test_unknown_language_fails(project):
    text = (project / "mkdocs.yml").read_text(encoding="utf-8")
    text = text.replace("        - locale: en\n          name: English", "        - locale: xx\n          name: Unknown")
    (project / "mkdocs.yml").write_text(text, encoding="utf-8")
    shutil.copytree(project / "docs" / "en", project / "docs" / "xx")
    code, log = build_log(project)
    assert code != 0 and "'xx'" in log
