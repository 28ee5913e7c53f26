import os
import subprocess
import sys

import pytest

OLD_ERROR = (b"Deterministic behavior was enabled", b"because it uses CuBLAS")


def test_the_old_error_is_gone_from_the_installed_torch(run_snippet):
    s = run_snippet("gpus/cublas_workspace_check")
    assert s.OLD_ERROR == OLD_ERROR
    assert all(s.found[needle] == [] for needle in OLD_ERROR)
    assert "'Deterministic behavior was enabled' found in: no library" in s.stdout.splitlines()
    assert "'because it uses CuBLAS' found in: no library" in s.stdout.splitlines()
    assert "use_deterministic_algorithms docstring mentions it: False" in s.stdout.splitlines()


def test_torch_still_reads_the_variable_to_size_the_workspace(run_snippet):
    s = run_snippet("gpus/cublas_workspace_check")
    assert s.found[b"CUBLAS_WORKSPACE_CONFIG"] == ["libtorch_cuda.so"]  # the CUDA build of torch, on Linux
    assert "'CUBLAS_WORKSPACE_CONFIG' found in: libtorch_cuda.so" in s.stdout.splitlines()
    assert s.mentions[0] == "CUBLAS_WORKSPACE_CONFIG"  # the name torch looks up in the environment
    assert "Could not parse CUBLAS_WORKSPACE_CONFIG, using default workspace size of " in s.mentions
    assert all("determinis" not in text.lower() for text in s.mentions)  # none says it is needed for that
    assert "    'Could not parse CUBLAS_WORKSPACE_CONFIG, using default workspace size of '" in s.stdout


MATMULS = """
import torch
torch.use_deterministic_algorithms(True)
gen = torch.Generator(device="cuda").manual_seed(0)
a, b = (torch.randn(512, 512, device="cuda", generator=gen) for _ in range(2))
mm, bmm = a @ b, torch.bmm(a[None], b[None])
linear, addmm = torch.nn.functional.linear(a, b), torch.addmm(a, a, b)  # cuBLAS too
print("same again:", torch.equal(a @ b, mm), torch.equal(torch.bmm(a[None], b[None]), bmm))
"""


@pytest.mark.gpu
def test_deterministic_matmul_without_the_variable_does_not_raise():
    """What the snippet infers from the library, on a GPU: cuBLAS matmuls in deterministic mode, in a fresh
    process (cuBLAS reads its settings when it starts) whose environment lacks CUBLAS_WORKSPACE_CONFIG."""
    env = {k: v for k, v in os.environ.items() if k != "CUBLAS_WORKSPACE_CONFIG"}
    run = subprocess.run(
        [sys.executable, "-c", MATMULS], env=env, capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr
    assert "CuBLAS" not in run.stderr and "CUBLAS_WORKSPACE_CONFIG" not in run.stderr
    assert run.stdout.splitlines() == ["same again: True True"]
