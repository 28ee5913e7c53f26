"""A remembered pass (tests/site/passes.py) stands only for the very inputs it was won on."""

from __future__ import annotations

import pytest

import docs_runner.paths
from tests.site import passes


@pytest.fixture
def tree(tmp_path, monkeypatch):
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "conftest.py").write_text("# fixtures\n")
    monkeypatch.setattr(docs_runner.paths, "ROOT", tmp_path)
    monkeypatch.setattr(passes, "environment_key", lambda device: "engine 1, torch 2.14.1")
    return tmp_path


def test_a_pass_is_found_again_only_under_the_same_key(tree):
    key = passes.pass_key("copy-run", "snippets/a.py", "print(1)\n")
    assert not passes.passed_before(key)
    passes.remember_pass(key, "snippets/a.py copied alone (en)")
    assert passes.passed_before(key)
    assert [p.name for p in (tree / ".cache" / "passes").iterdir()] == [key]


def test_every_input_is_part_of_the_key(tree, monkeypatch):
    base = passes.pass_key("copy-run", "snippets/a.py", "print(1)\n")
    assert passes.pass_key("copy-run", "snippets/a.py", "print(2)\n") != base
    assert passes.pass_key("notebook-run", "snippets/a.py", "print(1)\n") != base
    assert passes.pass_key("copy-run", "snippets/a.pyprint(1)\n", "") != base  # parts keep their bounds
    (tree / "tests" / "conftest.py").write_text("# fixtures, edited\n")
    assert passes.pass_key("copy-run", "snippets/a.py", "print(1)\n") != base
    (tree / "tests" / "conftest.py").write_text("# fixtures\n")
    assert passes.pass_key("copy-run", "snippets/a.py", "print(1)\n") == base
    monkeypatch.setattr(passes, "environment_key", lambda device: "engine 2, torch 2.14.1")
    assert passes.pass_key("copy-run", "snippets/a.py", "print(1)\n") != base
