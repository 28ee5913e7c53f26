"""hooks/file_diffs.py: `<!-- diff: a b -->` in a page becomes the unified diff of two repository files."""

from __future__ import annotations

import pytest
from file_diffs import render
from mkdocs.exceptions import PluginError


def test_the_marker_becomes_the_diff_of_the_two_files(tmp_path, monkeypatch):
    monkeypatch.setattr("file_diffs.ROOT", tmp_path)
    (tmp_path / "a.py").write_text("x = 1\ny = 2\nprint(x + y)\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("x = 1\ny = 3\nprint(x + y)\n", encoding="utf-8")
    page = "Before.\n\n    <!-- diff: a.py b.py -->\n\nAfter.\n"
    assert render(page, "p.md") == (
        "Before.\n\n"
        '    ```diff title="diff: a.py → b.py"\n'
        "    @@ -1,3 +1,3 @@\n"
        "     x = 1\n"
        "    -y = 2\n"
        "    +y = 3\n"
        "     print(x + y)\n"
        "    ```\n\nAfter.\n"
    )


@pytest.mark.parametrize(
    ("marker", "message"),
    [
        (
            "<!-- diff: a.py gone.py -->",
            "p.md: <!-- diff: … --> names gone.py, which is not a file of the repository",
        ),
        ("<!-- diff: a.py ../outside.py -->", "names ../outside.py, which is not a file of the repository"),
        ("<!-- diff: a.py a.py -->", "p.md: <!-- diff: a.py a.py -->: the two files are the same"),
    ],
)
def test_bad_markers_fail_the_build_naming_the_page(tmp_path, monkeypatch, marker, message):
    monkeypatch.setattr("file_diffs.ROOT", tmp_path / "repo")
    (tmp_path / "repo").mkdir()
    (tmp_path / "repo" / "a.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "outside.py").write_text("x = 2\n", encoding="utf-8")
    with pytest.raises(PluginError) as error:
        render(f"{marker}\n", "p.md")
    assert message in str(error.value)
