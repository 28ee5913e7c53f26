"""snippets/install/exercise_read_cuda_line.py (an exercise's solution), run in-process."""

import torch

CPU_ONLY = "a CPU-only torch: install a CUDA wheel to use an NVIDIA GPU"
HIDDEN = "built for CUDA 12.8, but no GPU is visible: check nvidia-smi and CUDA_VISIBLE_DEVICES"
READY = "a GPU is ready"


def test_each_case_gets_its_sentence(run_snippet):
    s = run_snippet("install/exercise_read_cuda_line")
    assert s.describe(None, False) == CPU_ONLY
    assert s.describe("12.8", False) == HIDDEN
    assert s.describe("12.8", True) == READY
    assert s.describe(None, True) == READY  # a ROCm build: CUDA build None, yet torch.cuda sees the AMD GPU
    assert s.stdout.splitlines()[:3] == [
        f"CUDA build None, available False -> {CPU_ONLY}",
        f"CUDA build 12.8, available False -> {HIDDEN}",
        f"CUDA build 12.8, available True  -> {READY}",
    ]


def test_this_runs_line_reads_this_torch(run_snippet):
    s = run_snippet("install/exercise_read_cuda_line")
    assert s.here == s.describe(torch.version.cuda, torch.cuda.is_available())
    assert s.stdout.splitlines()[-1] == f"this run -> {s.here}"
