"""`make serve` starts the fork server in the background (hooks/execute_snippets.py `on_serve`): a warm-up
that fails says so on the log, and a fault that is no failure to start is not swallowed. The warm-up's
function is called directly with the server's start replaced, so no server starts."""

from __future__ import annotations

import logging

import execute_snippets
import pytest

from docs_runner.errors import SnippetError
from docs_runner.forkserver import client


def test_a_fork_server_that_does_not_start_is_reported_on_the_log(monkeypatch, caplog):
    def does_not_start():
        raise SnippetError("the fork server did not start (it exited)")

    monkeypatch.setattr(client, "fork_server", does_not_start)
    with caplog.at_level(logging.WARNING):
        execute_snippets._start_fork_server()
    assert [(r.name, r.levelname, r.getMessage()) for r in caplog.records] == [
        (
            "mkdocs.hooks.execute_snippets",
            "WARNING",
            "the fork server's warm-up failed: the fork server did not start (it exited);"
            " the first snippet to run starts it again",
        )
    ]


def test_any_other_fault_in_the_warm_up_is_raised(monkeypatch):
    def broken():
        raise KeyError("a fault of the engine")

    monkeypatch.setattr(client, "fork_server", broken)
    with pytest.raises(KeyError, match="a fault of the engine"):
        execute_snippets._start_fork_server()
