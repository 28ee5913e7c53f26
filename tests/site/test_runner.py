"""hooks/snippet_runner.py on its own: device honesty, the shared warning policy, the cache key."""

from __future__ import annotations

import warnings

import pytest
from snippet_runner import SnippetError, apply_warning_filters, cache_key, run_one

SNIPPET = "snippets/tensors/squeeze.py"


def test_a_device_the_snippet_cannot_see_fails_loudly(monkeypatch):
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "")  # torch sees no GPU, whatever the machine has
    with pytest.raises(SnippetError, match=r"squeeze\.py.*expected device 'cuda'.*is False"):
        run_one(SNIPPET, "cuda")


def test_cpu_record_is_made_with_gpus_hidden():
    record = run_one(SNIPPET, "cpu")
    assert record.device == "cpu" and record.status == "ok" and record.output


def test_pytest_style_filters_apply_with_the_last_one_winning():
    with warnings.catch_warnings():
        apply_warning_filters(["error", "ignore:old API:DeprecationWarning"])
        warnings.warn("old API here", DeprecationWarning, stacklevel=1)  # ignored
        with pytest.raises(UserWarning):
            warnings.warn("anything else", UserWarning, stacklevel=1)


def test_cache_key_covers_source_device_and_path():
    base = cache_key(SNIPPET, "cpu", b"print(1)")
    assert base == cache_key(SNIPPET, "cpu", b"print(1)")
    assert len({base, cache_key(SNIPPET, "cuda", b"print(1)"), cache_key(SNIPPET, "cpu", b"print(2)")}) == 3
    assert base != cache_key("snippets/tensors/views.py", "cpu", b"print(1)")
