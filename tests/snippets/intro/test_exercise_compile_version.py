"""snippets/intro/exercise_compile_version.py (an exercise's solution), run in-process."""

import pytest
import torch


def test_versions_from_2_0_have_compile(run_snippet):
    s = run_snippet("intro/exercise_compile_version")
    assert s.answers == {
        "1.13.1+cu117": False,
        "2.0.0": True,
        "2.1.0a0+git32f93b1": True,  # a source build: the a0 is in the third part, never read
        "1.9.0": False,
        "2.10.0+cpu": True,
    }
    assert s.major_minor("2.14.1+cpu") == (2, 14)


def test_strings_compare_letter_by_letter(run_snippet):
    s = run_snippet("intro/exercise_compile_version")
    assert "as strings, '2.10.0' >= '2.9.0': False" in s.stdout
    assert "as numbers, (2, 10) >= (2, 9): True" in s.stdout


def test_this_torch_agrees_with_hasattr(run_snippet):
    s = run_snippet("intro/exercise_compile_version")
    assert s.here is hasattr(torch, "compile") is True
    assert s.here == (torch.__version__ >= (2, 0))  # torch's own version object compares the same way
    assert s.stdout.splitlines()[-1] == "this torch: has_compile: True | hasattr(torch, 'compile'): True"


def test_a_version_without_a_minor_number_is_an_error(run_snippet):
    s = run_snippet("intro/exercise_compile_version")
    with pytest.raises(IndexError):
        s.major_minor("2")
