"""A test module's child runs its snippet under the environment the build gives every run (so a test
asserts on the same run the page shows), and a module that calls the engine uses the session's one fork
server."""

from __future__ import annotations

import os
import sys

import torch

from docs_runner.execute import run_one
from docs_runner.forkserver import client
from docs_runner.machine import detect_device
from docs_runner.policy import THREADS


def test_the_child_has_the_builds_environment():
    assert os.environ["PYTHONHASHSEED"] == "0" and sys.flags.hash_randomization == 0
    assert os.environ["DOCS_DEVICE"] == detect_device()
    assert os.environ["OMP_NUM_THREADS"] == str(THREADS) and torch.get_num_threads() == THREADS
    assert os.environ["CUBLAS_WORKSPACE_CONFIG"] == ":4096:8"
    if detect_device() == "cpu":
        assert os.environ["CUDA_VISIBLE_DEVICES"] == "" and not torch.cuda.is_available()


def test_a_module_that_runs_snippets_shares_the_sessions_fork_server():
    server = client.fork_server()
    assert server.owner != os.getpid(), "this forked module started a fork server of its own"
    record = run_one("snippets/tensors/squeeze.py", detect_device())
    assert record.status == "ok" and client.fork_server() is server
