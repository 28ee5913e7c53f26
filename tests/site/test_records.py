"""docs_runner/records.py: what a run must have produced to become a record."""

from __future__ import annotations

import pytest

import docs_runner.paths
from docs_runner.errors import SnippetError
from docs_runner.execute import run_all
from docs_runner.records import new_record
from tests.conftest import ROOT


@pytest.mark.parametrize("output", ["", "\n \n"])
def test_a_run_that_printed_nothing_fails_naming_the_file(output):
    with pytest.raises(SnippetError) as info:
        new_record("snippets/demo/quiet.py", 0.1, "cpu", output)
    assert str(info.value) == (
        "snippets/demo/quiet.py: the run printed nothing, so its page would show no output;"
        " print what the code shows (a snippet that draws a figure can print what it drew)"
    )


def test_a_cuda_only_file_not_run_has_no_output_and_no_error():
    record = new_record("snippets/demo/gpu.py", 0.0, "cpu", "", status="cuda-only")
    assert (record.status, record.output) == ("cuda-only", "")


def test_the_engine_reports_a_silent_snippet_with_the_other_failures(tmp_path, monkeypatch):
    for name in ("pyproject.toml", "requirements.txt"):
        (tmp_path / name).write_bytes((ROOT / name).read_bytes())
    (tmp_path / "snippets" / "demo").mkdir(parents=True)
    monkeypatch.setattr(docs_runner.paths, "ROOT", tmp_path)
    sources = {"quiet.py": "x = 1\n", "loud.py": "print('loud')\n", "broken.py": "raise ValueError('no')\n"}
    for name, source in sources.items():
        (tmp_path / "snippets" / "demo" / name).write_text(source, encoding="utf-8")
    with pytest.raises(SnippetError) as info:
        run_all([f"snippets/demo/{name}" for name in sources], "cpu", use_cache=False)
    message = str(info.value)
    assert "snippets/demo/quiet.py: the run printed nothing, so its page would show no output;" in message
    assert "snippets/demo/broken.py failed (exit 1)" in message and "loud.py" not in message
